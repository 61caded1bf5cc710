import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { academicYearLabel } from '@sp/domain';
import { useState } from 'react';
import { FormServerError } from '../../components/form-server-error';
import type { useUndoRollover } from './api/rollover-api';
import { ConfirmDialog } from './confirm-dialog';

interface Props {
  /** The current year, opened by a rollover today. */
  year: number;
  /** What the rollover did, when it ran in this page. */
  summary: string | null;
  /** Held by the page: this banner is gone once the year list says the old year is current again. */
  undo: ReturnType<typeof useUndoRollover>;
  onUndone: (message: string) => void;
}

/** The new current year, and the same day's way back: the server refuses (409, said here) once it is too late. */
export function UndoRollover({ year, summary, undo, onUndone }: Props) {
  const [asking, setAsking] = useState(false);
  const label = academicYearLabel(year);
  const previous = academicYearLabel(year - 1);
  return (
    <Alert
      severity="success"
      sx={{ mb: 2, maxWidth: 1000 }}
      action={
        <Button color="inherit" onClick={() => setAsking(true)} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
          Undo rollover
        </Button>
      }
    >
      {summary ?? `${label} is the current year: the rollover opened it today.`} Today, while nobody has saved
      anything in {label}, the rollover can be undone.
      <FormServerError error={asking ? null : undo.error} sx={{ mt: 1 }} />
      {asking && (
        <ConfirmDialog
          id="undo-title"
          title="Undo the rollover?"
          pending={undo.isPending}
          error={undo.error}
          action="Undo rollover"
          onConfirm={() =>
            undo.mutate(year, {
              onSuccess: () => onUndone(`The rollover was undone: ${previous} is the current year again.`),
              onSettled: () => setAsking(false),
            })
          }
          onClose={() => setAsking(false)}
        >
          {previous} becomes the current year again, every student goes back to the class, registration and
          documents they had, and {label} is removed.
        </ConfirmDialog>
      )}
    </Alert>
  );
}
