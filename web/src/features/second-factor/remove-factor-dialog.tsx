import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { removeFactorSchema, secondFactorMessages } from '@sp/domain';
import { FormDialog } from '../../components/form-dialog';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { FormServerError } from '../../components/form-server-error';
import type { RemoveFactor } from './api/totp';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  /** What goes: "the authenticator app", "the passkey Office laptop". */
  what: string;
  /** The only administrator's last factor: a recovery code is needed (D51). */
  needsRecovery: boolean;
  pending: boolean;
  /** The server's refusal of the last try. */
  error: Error | null;
  onRemove: (body: RemoveFactor) => void;
  onClose: () => void;
}

/**
 * Removing one of one's own second factors. The only administrator removing their last one gives a recovery
 * code, so a stolen session alone cannot strip the school's last administrator of theirs; the field also
 * appears when the server asks for it.
 */
export function RemoveFactorDialog({ what, needsRecovery, pending, error, onRemove, onClose }: Props) {
  const { t } = useLingui();
  const form = useSchemaForm(removeFactorSchema, { defaultValues: {} });
  const asked = error?.message === secondFactorMessages.lastAdminNeedsRecovery;
  const withCode = needsRecovery || asked;
  const onSubmit = form.handleSubmit(onRemove);
  return (
    <FormDialog
      titleId="remove-factor-title"
      title={t`Remove ${what}?`}
      pending={pending}
      onClose={onClose}
      onSubmit={onSubmit}
      submit={t`Remove`}
      color="error"
    >
      <DialogContentText sx={{ mb: 2 }}>
        <Trans>You will no longer be able to sign in with {what}.</Trans>
      </DialogContentText>
      {withCode && (
        <>
          <DialogContentText sx={{ mb: 2 }}>{secondFactorMessages.lastAdminNeedsRecovery}</DialogContentText>
          <TextField
            id="remove-factor-recovery-code"
            label={t`Recovery code`}
            fullWidth
            autoFocus
            autoComplete="off"
            {...textFieldProps(form, 'recovery_code')}
          />
        </>
      )}
      <FormServerError error={asked ? null : error} sx={{ mt: 2 }} />
    </FormDialog>
  );
}
