import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_MAX_MB, MARK_CELL_HELP } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ChooseFileButton } from '../../components/file-import/choose-file-button';
import { FileImportStatus } from '../../components/file-import/file-import-status';
import { TemplateButton } from '../../components/file-import/template-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { templatePaths, useResultClasses, useTerms } from './api/term-results';
import { TermName } from './term-name';
import { ClassChoice, firstClass } from './class-choice';
import { MarksGrid } from './marks-grid';
import { ResultsPreview } from './results-preview';
import { useResultsImport } from './use-results-import';
import { Trans, useLingui } from '@lingui/react/macro';

/** Term Results (D17): a term's marks and summaries from a spreadsheet, checked before they are saved. */
export function ResultsPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Term Results`);
  const terms = useTerms();
  const [chosen, setChosen] = useState('');
  const termId = chosen !== '' ? Number(chosen) : (terms.data?.[0]?.id ?? null);
  const classes = useResultClasses();
  // A staff member with classes starts on their first class; others on the whole school ('').
  const [pickedClass, setPickedClass] = useState<string | null>(null);
  const classId = pickedClass ?? firstClass(classes.data);
  const flow = useResultsImport(termId);
  const busy = flow.progress.phase !== 'idle';
  const paths = termId === null ? null : templatePaths(termId, classId);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Term Results</Trans>
      </Typography>
      {terms.isError && <Alert severity="error">{errorMessage(terms.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <TextField
            id="results-term"
            select
            size="small"
            label={t`Term`}
            value={termId === null ? '' : String(termId)}
            onChange={(e) => {
              setChosen(e.target.value);
              flow.reset();
            }}
            sx={{ minWidth: 220 }}
          >
            {(terms.data ?? []).map((term) => (
              <MenuItem key={term.id} value={String(term.id)}>
                <TermName term={term} />
              </MenuItem>
            ))}
          </TextField>
          <ClassChoice
            id="results-class"
            label={t`Template class`}
            value={classId}
            onChange={setPickedClass}
            data={classes.data}
            allLabel={t`All classes`}
          />
        </Stack>
        <Typography sx={{ mb: 1 }}>
          <Trans>
            A CSV or XLSX file (at most {IMPORT_MAX_MB} MB): one row per student and subject with Student ID,
            Subject, Course Mark and Exam Mark, and if you like Absences, Lateness, Application, Conduct and
            Teacher Remark. Summaries (attendance, ratings, remarks) go on a second sheet or in a separate
            file.
          </Trans>
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {MARK_CELL_HELP}{' '}
          <Trans>
            The templates are filled in with the marks already stored, so download one for your class, change
            what you need and import it again.
          </Trans>
          {classes.data?.restricted && (
            <>
              {' '}
              <Trans>You enter marks for your own classes only.</Trans>
            </>
          )}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ChooseFileButton
            label={t`Results file (CSV or XLSX)`}
            disabled={busy || termId === null}
            onChoose={flow.choose}
          />
          {paths && (
            <>
              <TemplateButton href={paths.xlsx}>
                <Trans>XLSX template</Trans>
              </TemplateButton>
              <TemplateButton href={paths.csv}>
                <Trans>CSV template</Trans>
              </TemplateButton>
              <TemplateButton href={paths.summaries}>
                <Trans>Summaries CSV</Trans>
              </TemplateButton>
            </>
          )}
        </Stack>
        <FileImportStatus flow={flow} />
      </Paper>
      {flow.preview && (
        <ResultsPreview preview={flow.preview} busy={busy} onConfirm={flow.confirm} onCancel={flow.reset} />
      )}
      {termId !== null && <MarksGrid key={termId} termId={termId} />}
    </>
  );
}
