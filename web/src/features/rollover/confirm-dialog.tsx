import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { FormServerError } from '../../components/form-server-error';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  id: string;
  title: string;
  children: ReactNode;
  /** The call under way: the dialog stays, its buttons wait and a bar says so. */
  pending: boolean;
  error: unknown;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question with its consequences in words, Cancel and the action; the server's refusal shows inside. */
export function ConfirmDialog({ id, title, children, pending, error, action, onConfirm, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={id} maxWidth="sm" fullWidth>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{children}</DialogContentText>
        {pending && <LinearProgress sx={{ mt: 2 }} aria-label={t`Working`} />}
        <FormServerError error={error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions sx={{ '& .MuiButton-root': { minHeight: 44 } }}>
        <Button onClick={onClose} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={pending}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
