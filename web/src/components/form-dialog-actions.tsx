import Button, { type ButtonProps } from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { t } from '@lingui/core/macro';

interface Props {
  onCancel: () => void;
  /** While the form's call runs, both buttons wait. */
  pending: boolean;
  /** The submit button's label: "Save", "Create account"… */
  submit: string;
  color?: ButtonProps['color'];
  /** The form's id, when the buttons sit outside the `<form>` element. */
  form?: string;
}

/** Cancel and the submit button of a dialog's form (ADR 0035): Enter in a field submits the same way. */
export function FormDialogActions({ onCancel, pending, submit, color, form }: Props) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {t`Cancel`}
      </Button>
      <Button type="submit" form={form} variant="contained" color={color} disabled={pending}>
        {submit}
      </Button>
    </DialogActions>
  );
}
