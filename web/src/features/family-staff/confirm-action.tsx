import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { FormServerError } from '../../components/form-server-error';

interface Props {
  id: string;
  title: string;
  children: ReactNode;
  action: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A change to a family's access, said in words before it is made; the server's refusal shows inside. */
export function ConfirmAction({
  id,
  title,
  children,
  action,
  danger,
  pending,
  error,
  onConfirm,
  onClose,
}: Props) {
  return (
    <FormDialog
      titleId={id}
      title={title}
      pending={pending}
      onClose={onClose}
      onSubmit={async (event) => {
        event.preventDefault();
        onConfirm();
      }}
      submit={action}
      color={danger ? 'error' : 'primary'}
    >
      <DialogContentText>{children}</DialogContentText>
      <FormServerError error={error} sx={{ mt: 2 }} />
    </FormDialog>
  );
}
