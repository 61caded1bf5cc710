import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import type { AdminStudent } from '@sp/domain';
import { errorMessage } from '../../../api/client';
import { useResetStudentPassword } from '../api/student-actions';

interface Props {
  student: AdminStudent;
  onClose: () => void;
}

const fullName = (s: AdminStudent) => `${s.first_name} ${s.last_name}`;

/**
 * Reset Password (spec section 4, D9, D12): confirm; 'Resetting {name} password' with a progress bar; then
 * '{name} password reset successfully.' with one Ok button, or the reason it failed with Try again.
 */
export function ResetPasswordDialog({ student, onClose }: Props) {
  const reset = useResetStudentPassword();
  const name = fullName(student);
  const titleId = 'reset-password-title';
  return (
    <Dialog
      open
      onClose={reset.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Reset Password</DialogTitle>
      <DialogContent>
        {reset.isIdle && (
          <DialogContentText>
            Reset {name}&apos;s password? The next sign-in is with the date of birth (yyyymmdd), and every
            open session of this student ends now.
          </DialogContentText>
        )}
        {reset.isPending && (
          <>
            <DialogContentText role="status">Resetting {name} password</DialogContentText>
            <LinearProgress sx={{ mt: 2 }} aria-label={`Resetting ${name} password`} />
          </>
        )}
        {reset.isSuccess && (
          <DialogContentText role="status">{name} password reset successfully.</DialogContentText>
        )}
        {reset.isError && (
          <Alert severity="error">
            {name} password was not reset. {errorMessage(reset.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {reset.isSuccess ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            Ok
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={reset.isPending}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => reset.mutate(student.id)} disabled={reset.isPending}>
              {reset.isError ? 'Try again' : 'Reset'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
