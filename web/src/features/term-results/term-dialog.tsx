import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Term } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { useSaveTerm } from './api/term-results';

interface Props {
  /** The term to change, or null for a new one. */
  term: Term | null;
  onClose: () => void;
}

/** Add or change a term: academic year, term 1–3, its dates, possible sessions and the next term's start. */
export function TermDialog({ term, onClose }: Props) {
  const save = useSaveTerm();
  // A new term starts in this academic year as the school's calendar has it, whatever the browser's.
  const thisYear = useSchoolTime()?.academicYear();
  const [form, setForm] = useState({
    year: String(term?.year ?? thisYear ?? ''),
    term: String(term?.term ?? 1),
    start_date: term?.start_date ?? '',
    end_date: term?.end_date ?? '',
    next_term_start: term?.next_term_start ?? '',
    sessions_possible: term?.sessions_possible === null || !term ? '' : String(term.sessions_possible),
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const titleId = 'term-dialog-title';
  const date = (key: 'start_date' | 'end_date' | 'next_term_start', label: string) => (
    <TextField
      id={`term-${key}`}
      type="date"
      label={label}
      value={form[key]}
      onChange={set(key)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{term ? 'Edit term' : 'Add term'}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="term-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              {
                id: term?.id ?? null,
                input: { ...form, year: Number(form.year), term: Number(form.term) },
              },
              { onSuccess: onClose },
            );
          }}
        >
          <TextField
            id="term-year"
            type="number"
            label="Academic year starts in"
            value={form.year}
            onChange={set('year')}
            helperText={`${form.year}-${Number(form.year) + 1}`}
            required
          />
          <TextField id="term-number" select label="Term" value={form.term} onChange={set('term')}>
            {[1, 2, 3].map((n) => (
              <MenuItem key={n} value={String(n)}>
                Term {n}
              </MenuItem>
            ))}
          </TextField>
          {date('start_date', 'Starts')}
          {date('end_date', 'Ends')}
          <TextField
            id="term-sessions"
            type="number"
            label="Possible attendance sessions"
            value={form.sessions_possible}
            onChange={set('sessions_possible')}
          />
          {date('next_term_start', 'Next term starts')}
          {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="term-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
