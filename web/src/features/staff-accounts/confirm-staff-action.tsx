import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { errorMessage } from '../../api/client';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a change to a staff account; shows the server's reason when it is refused. */
export function ConfirmStaffAction({ title, text, confirmLabel, pending, error, onConfirm, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="confirm-staff-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-staff-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {pending && <LinearProgress sx={{ mt: 2 }} aria-label={title} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={pending}>
          {error ? t`Try again` : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
