import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages } from '@sp/domain';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

/** The sign-in-again dialog over a page whose session ended (D26), around whichever sign-in form fits. */
export function SignInAgainFrame({
  open,
  error,
  pending,
  children,
}: {
  open: boolean;
  error: unknown;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={open} aria-labelledby="session-sign-in-title" aria-describedby="session-sign-in-text">
      <DialogTitle id="session-sign-in-title">
        <Trans>Sign in again</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="session-sign-in-text">
          {translated(messages.sessionExpired)}{' '}
          <Trans>What you typed is kept and will be saved once you are signed in.</Trans>
        </DialogContentText>
        {error !== null && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(error)}
          </Alert>
        )}
        {children}
      </DialogContent>
      <LoadingOverlay open={pending} label={t`Signing in`} />
    </Dialog>
  );
}
