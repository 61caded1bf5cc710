import TextField from '@mui/material/TextField';
import { passkeyRenameSchema, PASSKEY_NAME_MAX_LENGTH } from '@sp/domain';
import { FormDialog } from '../../components/form-dialog';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { FormServerError } from '../../components/form-server-error';
import { useLingui } from '@lingui/react/macro';

interface Props {
  title: string;
  submit: string;
  name: string;
  pending: boolean;
  error: unknown;
  onName: (name: string) => void;
  onClose: () => void;
}

/** The name a passkey is listed under (new, or renamed), checked with the server's own schema. */
export function PasskeyNameDialog({ title, submit, name, pending, error, onName, onClose }: Props) {
  const { t } = useLingui();
  const form = useSchemaForm(passkeyRenameSchema, { defaultValues: { name } });
  return (
    <FormDialog
      titleId="passkey-name-title"
      title={title}
      pending={pending}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => onName(values.name))}
      submit={submit}
    >
      <TextField
        id="passkey-name"
        label={t`Passkey name`}
        fullWidth
        autoFocus
        margin="dense"
        slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX_LENGTH } }}
        {...textFieldProps(form, 'name', t`Where it is kept, for example “Office laptop” or “My phone”.`)}
      />
      <FormServerError error={error} sx={{ mt: 2 }} />
    </FormDialog>
  );
}
