import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { OneTimePassword } from '@sp/domain';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  result: OneTimePassword;
  /** "created" for a new account, "reset" for a new password. */
  reason: 'created' | 'reset';
  onClose: () => void;
}

/** The one-time password, shown once: the staff member signs in with it and must choose their own. */
export function OneTimePasswordDialog({ result, reason, onClose }: Props) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const { user, password } = result;
  const name = user.full_name;
  const copy = () =>
    void navigator.clipboard
      ?.writeText(password)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <Dialog open aria-labelledby="one-time-password-title" maxWidth="xs" fullWidth>
      <DialogTitle id="one-time-password-title">
        {reason === 'created' ? t`Staff account created` : t`Password reset`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          <Trans>
            Give {name} this username and one-time password. At the first sign-in they choose a password of
            their own.
          </Trans>
        </DialogContentText>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
          <Typography component="dt" color="text.secondary">
            <Trans>Username</Trans>
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {user.username}
          </Typography>
          <Typography component="dt" color="text.secondary">
            <Trans>Password</Trans>
          </Typography>
          <Typography
            component="dd"
            data-testid="one-time-password"
            sx={{ m: 0, fontFamily: 'monospace', fontSize: '1.1rem', overflowWrap: 'anywhere' }}
          >
            {password}
          </Typography>
        </Box>
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Trans>This password is shown only now. Write it down or copy it before closing.</Trans>
        </Alert>
        {copied && (
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            <Trans>Password copied.</Trans>
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          <Trans>Copy password</Trans>
        </Button>
        <Button variant="contained" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
