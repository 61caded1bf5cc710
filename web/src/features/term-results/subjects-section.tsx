import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_WEIGHTS, academicYearLabel, type SubjectList, type Term } from '@sp/domain';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { ScrollBox } from '../../components/scroll-box';
import { useFormClasses } from '../../components/student-record/api/get-lookup';
import { useSubjectChange, useSubjects } from './api/term-results';

type FormSubject = SubjectList['form_subjects'][number];
interface OfferBody {
  subject_id: number;
  form_level: number;
  term_id: number | null;
  course_weight: number;
  exam_weight: number;
}

function WeightCell({
  row,
  termId,
  onSave,
}: {
  row: FormSubject;
  termId: number | null;
  onSave: (b: OfferBody) => void;
}) {
  const [course, setCourse] = useState(String(row.course_weight));
  const n = Number(course);
  const valid = Number.isInteger(n) && n >= 0 && n <= 100;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="number"
        label="Course %"
        value={course}
        onChange={(e) => setCourse(e.target.value)}
        sx={{ width: 100 }}
        error={!valid}
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        Exam {valid ? 100 - n : '—'}%
      </Typography>
      <Button
        size="small"
        disabled={!valid || (n === row.course_weight && row.term_id === termId)}
        onClick={() =>
          onSave({
            subject_id: row.subject_id,
            form_level: row.form_level,
            term_id: termId,
            course_weight: n,
            exam_weight: 100 - n,
          })
        }
      >
        Save
      </Button>
    </Stack>
  );
}

/** The subjects each form takes, with course/exam weights for every term or for one term. */
export function SubjectsSection({ terms }: { terms: readonly Term[] }) {
  const subjects = useSubjects();
  const classes = useFormClasses();
  const addSubject = useSubjectChange<{ code: string; title: string }>('/api/subjects');
  const offer = useSubjectChange<OfferBody>('/api/form-subjects');
  const remove = useSubjectChange<{ id: number }>('/api/form-subjects/remove');
  const levels = useMemo(
    () => [...new Set((classes.data ?? []).map((c) => c.form_level))].sort((a, b) => a - b),
    [classes.data],
  );
  const [form, setForm] = useState('1');
  const [termChoice, setTermChoice] = useState('');
  const [code, setCode] = useState('');
  const [title, setTitle] = useState('');
  const [adding, setAdding] = useState('');
  const termId = termChoice === '' ? null : Number(termChoice);
  const list = subjects.data;
  const byId = new Map(list?.subjects.map((s) => [s.id, s]));
  const forForm = (list?.form_subjects ?? []).filter((f) => f.form_level === Number(form));
  // A term's own rows win over the rows for every term.
  const rows = forForm
    .filter(
      (f) =>
        f.term_id === termId ||
        (termId !== null &&
          f.term_id === null &&
          !forForm.some((o) => o.term_id === termId && o.subject_id === f.subject_id)),
    )
    .sort((a, b) => (byId.get(a.subject_id)?.title ?? '').localeCompare(byId.get(b.subject_id)?.title ?? ''));
  const offered = new Set(forForm.filter((f) => f.term_id === null).map((f) => f.subject_id));
  const failure = [addSubject, offer, remove].find((m) => m.isError)?.error;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Subjects
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 3 }}
        onSubmit={(e) => {
          e.preventDefault();
          addSubject.mutate({ code, title }, { onSuccess: () => (setCode(''), setTitle('')) });
        }}
      >
        <TextField
          id="subject-code"
          size="small"
          label="Code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          sx={{ width: 120 }}
        />
        <TextField
          id="subject-title"
          size="small"
          label="Subject name"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          sx={{ width: 240, maxWidth: '100%' }}
        />
        <Button type="submit" variant="outlined" disabled={!code || !title || addSubject.isPending}>
          Add subject
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <TextField
          id="subjects-form"
          select
          size="small"
          label="Form"
          value={form}
          onChange={(e) => setForm(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          {(levels.length ? levels : [1, 2, 3, 4, 5]).map((l) => (
            <MenuItem key={l} value={String(l)}>
              Form {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="subjects-term"
          select
          size="small"
          label="Weights for"
          value={termChoice}
          onChange={(e) => setTermChoice(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Every term</MenuItem>
          {terms.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {academicYearLabel(t.year)} Term {t.term}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {failure !== undefined && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(failure)}
        </Alert>
      )}
      <ScrollBox label="Subjects of the form, scrollable">
        <Table size="small" aria-label={`Subjects of form ${form}`}>
          <TableHead>
            <TableRow>
              <TableCell>Subject</TableCell>
              <TableCell>Weights</TableCell>
              <TableCell>Remove</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const s = byId.get(row.subject_id);
              return (
                <TableRow key={`${row.id}-${termId}`}>
                  <TableCell>
                    {s?.title} ({s?.code})
                    {termId !== null && row.term_id === null && (
                      <Typography variant="caption" component="div">
                        as every term
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <WeightCell
                      key={`${row.id}-${row.course_weight}`}
                      row={row}
                      termId={termId}
                      onSave={(b) => offer.mutate(b)}
                    />
                  </TableCell>
                  <TableCell>
                    {row.term_id === termId && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => remove.mutate({ id: row.id })}
                        aria-label={`Remove ${s?.title ?? ''}`}
                      >
                        Remove
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>Form {form} takes no subjects yet.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ScrollBox>
      {termId === null && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <TextField
            id="offer-subject"
            select
            size="small"
            label={`Add a subject to form ${form}`}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            sx={{ minWidth: 260, maxWidth: '100%' }}
          >
            {(list?.subjects ?? [])
              .filter((s) => !offered.has(s.id))
              .map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.title} ({s.code})
                </MenuItem>
              ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!adding || offer.isPending}
            onClick={() =>
              offer.mutate(
                {
                  subject_id: Number(adding),
                  form_level: Number(form),
                  term_id: null,
                  course_weight: DEFAULT_WEIGHTS.course,
                  exam_weight: DEFAULT_WEIGHTS.exam,
                },
                { onSuccess: () => setAdding('') },
              )
            }
          >
            Add to form
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
