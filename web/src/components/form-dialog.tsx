import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ButtonProps } from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';
import { FormDialogActions } from './form-dialog-actions';

interface Props {
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** While the form's call runs the dialog stays open and both buttons wait. */
  pending: boolean;
  onClose: () => void;
  /** react-hook-form's `handleSubmit(…)`: Enter in a field and the submit button both send. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The submit button's label. */
  submit: string;
  color?: ButtonProps['color'];
  children: ReactNode;
}

/** A small dialog that is one form (ADR 0035): title, the fields, Cancel and submit. */
export function FormDialog({ titleId, title, pending, onClose, onSubmit, submit, color, children }: Props) {
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <FormDialogActions onCancel={onClose} pending={pending} submit={submit} color={color} />
      </form>
    </Dialog>
  );
}
