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
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  const reset = useResetStudentPassword();
  const name = fullName(student);
  const titleId = 'reset-password-title';
  const problem = reset.isError ? errorMessage(reset.error) : '';
  return (
    <Dialog
      open
      onClose={reset.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        <Trans>Reset Password</Trans>
      </DialogTitle>
      <DialogContent>
        {reset.isIdle && (
          <DialogContentText>
            <Trans>
              Reset {name}&apos;s password? The next sign-in is with the date of birth (yyyymmdd), and every
              open session of this student ends now.
            </Trans>
          </DialogContentText>
        )}
        {reset.isPending && (
          <>
            <DialogContentText role="status">
              <Trans>Resetting {name} password</Trans>
            </DialogContentText>
            <LinearProgress sx={{ mt: 2 }} aria-label={t`Resetting ${name} password`} />
          </>
        )}
        {reset.isSuccess && (
          <DialogContentText role="status">
            <Trans>{name} password reset successfully.</Trans>
          </DialogContentText>
        )}
        {reset.isError && (
          <Alert severity="error">
            <Trans>
              {name} password was not reset. {problem}
            </Trans>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {reset.isSuccess ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            <Trans>Ok</Trans>
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={reset.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="contained" onClick={() => reset.mutate(student.id)} disabled={reset.isPending}>
              {reset.isError ? t`Try again` : t`Reset`}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
