import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const resend = useResendMail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate(row.id, { onSuccess: onClose });
    return Promise.resolve();
  };
  const subject = row.subject;
  const address = row.to_address;
  return (
    <FormDialog
      titleId="resend-title"
      title={t`Resend this e-mail?`}
      pending={resend.isPending}
      onClose={onClose}
      onSubmit={submit}
      submit={resend.isError ? t`Try again` : t`Resend`}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        <Trans>
          “{subject}” to {address} goes back in the queue and is sent again, as a new first attempt.
        </Trans>
      </DialogContentText>
      <FormServerError error={resend.error} sx={{ mt: 2 }} />
    </FormDialog>
  );
}
