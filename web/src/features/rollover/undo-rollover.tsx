import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { academicYearLabel } from '@sp/domain';
import { useState } from 'react';
import { FormServerError } from '../../components/form-server-error';
import type { useUndoRollover } from './api/rollover-api';
import { ConfirmDialog } from './confirm-dialog';
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const label = academicYearLabel(year);
  const previous = academicYearLabel(year - 1);
  return (
    <Alert
      severity="success"
      sx={{ mb: 2, maxWidth: 1000 }}
      action={
        <Button color="inherit" onClick={() => setAsking(true)} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
          <Trans>Undo rollover</Trans>
        </Button>
      }
    >
      {summary ?? t`${label} is the current year: the rollover opened it today.`}{' '}
      <Trans>Today, while nobody has saved anything in {label}, the rollover can be undone.</Trans>
      <FormServerError error={asking ? null : undo.error} sx={{ mt: 1 }} />
      {asking && (
        <ConfirmDialog
          id="undo-title"
          title={t`Undo the rollover?`}
          pending={undo.isPending}
          error={undo.error}
          action={t`Undo rollover`}
          onConfirm={() =>
            undo.mutate(year, {
              onSuccess: () => onUndone(t`The rollover was undone: ${previous} is the current year again.`),
              onSettled: () => setAsking(false),
            })
          }
          onClose={() => setAsking(false)}
        >
          <Trans>
            {previous} becomes the current year again, every student goes back to the class, registration and
            documents they had, and {label} is removed.
          </Trans>
        </ConfirmDialog>
      )}
    </Alert>
  );
}
