import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { rowsForTerm, type Term } from '@sp/domain';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useFormClasses } from '../../components/lookups/get-lookup';
import { useSubjects } from './api/term-results';
import { AddSubjectForm } from './add-subject-form';
import { FormSubjectsTable } from './form-subjects-table';
import { OfferSubject } from './offer-subject';
import { useSubjectChanges } from './use-subject-changes';
import { Trans, useLingui } from '@lingui/react/macro';
import { TermName } from './term-name';

/** The subjects each form takes, with course/exam weights for every term or for one term. */
export function SubjectsSection({ terms }: { terms: readonly Term[] }) {
  const { t } = useLingui();
  const subjects = useSubjects();
  const classes = useFormClasses();
  const { addSubject, offer, remove, failure } = useSubjectChanges();
  const levels = useMemo(
    () => [...new Set((classes.data ?? []).map((c) => c.form_level))].sort((a, b) => a - b),
    [classes.data],
  );
  const [form, setForm] = useState('1');
  const [termChoice, setTermChoice] = useState('');
  const termId = termChoice === '' ? null : Number(termChoice);
  const list = subjects.data;
  const byId = new Map(list?.subjects.map((s) => [s.id, s]));
  const forForm = (list?.form_subjects ?? []).filter((f) => f.form_level === Number(form));
  const rows = rowsForTerm(forForm, termId).sort((a, b) =>
    (byId.get(a.subject_id)?.title ?? '').localeCompare(byId.get(b.subject_id)?.title ?? ''),
  );
  const offered = new Set(forForm.filter((f) => f.term_id === null).map((f) => f.subject_id));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        <Trans>Subjects</Trans>
      </Typography>
      <AddSubjectForm add={addSubject} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <TextField
          id="subjects-form"
          select
          size="small"
          label={t`Form`}
          value={form}
          onChange={(e) => setForm(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          {(levels.length ? levels : [1, 2, 3, 4, 5]).map((l) => (
            <MenuItem key={l} value={String(l)}>
              <Trans>Form {l}</Trans>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="subjects-term"
          select
          size="small"
          label={t`Weights for`}
          value={termChoice}
          onChange={(e) => setTermChoice(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <Trans>Every term</Trans>
          </MenuItem>
          {terms.map((term) => (
            <MenuItem key={term.id} value={String(term.id)}>
              <TermName term={term} />
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {failure !== undefined && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(failure)}
        </Alert>
      )}
      <FormSubjectsTable
        form={Number(form)}
        termId={termId}
        rows={rows}
        byId={byId}
        onSave={(b) => offer.mutate(b)}
        onRemove={(id) => remove.mutate({ id })}
      />
      {termId === null && (
        <OfferSubject
          form={Number(form)}
          choices={(list?.subjects ?? []).filter((s) => !offered.has(s.id))}
          offer={offer}
        />
      )}
    </Paper>
  );
}
