import type { UseFormReturn } from 'react-hook-form';
import { newPasswordHint, passwordRules, type PasswordValues } from './password-rules';
import { TextInput } from '../../components/text-input';
import { useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

interface Props {
  form: UseFormReturn<PasswordValues>;
  autoFocus?: boolean;
  /** What the new password must be; the students' rules by default. */
  hint?: string;
}

/** New Password and Confirm New Password, used by the first-sign-in reset and the change-password page. */
export function NewPasswordFields({ form, autoFocus = false, hint = newPasswordHint }: Props) {
  const { t } = useLingui();
  const { errors } = form.formState;
  const { ref: newRef, ...newField } = form.register('newPassword', passwordRules.newPassword);
  const { ref: confirmRef, ...confirmField } = form.register(
    'confirmPassword',
    passwordRules.confirmPassword,
  );
  return (
    <>
      <TextInput
        {...newField}
        inputRef={newRef}
        id="new-password"
        label={t`New Password`}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        margin="normal"
        error={Boolean(errors.newPassword)}
        helperText={translated(errors.newPassword?.message ?? hint)}
      />
      <TextInput
        {...confirmField}
        inputRef={confirmRef}
        id="confirm-password"
        label={t`Confirm New Password`}
        type="password"
        autoComplete="new-password"
        margin="normal"
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message && translated(errors.confirmPassword.message)}
      />
    </>
  );
}
