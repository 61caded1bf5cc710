import DialogContentText from '@mui/material/DialogContentText';
import type { OutboxRow } from '@sp/domain';
import type { FormEvent } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { FormServerError } from '../../components/form-server-error';
import { useResendMail } from './api/resend-mail';

interface Props {
  row: OutboxRow;
  onClose: () => void;
}

/** Asks before a failed or unsent message goes back in the queue; closes once it is queued. */
export function ResendDialog({ row, onClose }: Props) {
  const resend = useResendMail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate(row.id, { onSuccess: onClose });
    return Promise.resolve();
  };
  return (
    <FormDialog
      titleId="resend-title"
      title="Resend this e-mail?"
      pending={resend.isPending}
      onClose={onClose}
      onSubmit={submit}
      submit={resend.isError ? 'Try again' : 'Resend'}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        “{row.subject}” to {row.to_address} goes back in the queue and is sent again, as a new first attempt.
      </DialogContentText>
      <FormServerError error={resend.error} sx={{ mt: 2 }} />
    </FormDialog>
  );
}
