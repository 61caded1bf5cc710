import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/client';
import { useDocumentTitle } from '../../components/use-document-title';
import {
  ChangePasswordCard,
  emptyPasswords,
  parentPasswordHint,
  useCall,
  type PasswordValues,
} from '../auth';
import { changeParentPassword } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/** /parent/password: a parent's own password (never the child's); the account's other devices sign out. */
export function ParentPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Change your password`);
  const change = useCall(changeParentPassword);
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });

  const onValid = (values: PasswordValues) =>
    change.mutate(
      {
        old_password: values.oldPassword,
        password: values.newPassword,
        password_confirmation: values.confirmPassword,
      },
      { onSuccess: () => form.reset(emptyPasswords) },
    );

  return (
    <ChangePasswordCard
      form={form}
      notices={
        <>
          {change.data && (
            <Alert severity="success" role="status">
              <Trans>Your password has been changed. Your other devices have been signed out.</Trans>
            </Alert>
          )}
          {change.error && <Alert severity="error">{errorMessage(change.error)}</Alert>}
        </>
      }
      oldLabel={t`Current password`}
      hint={parentPasswordHint}
      pending={change.isPending}
      onSubmitStart={() => change.reset()}
      onValid={onValid}
    />
  );
}
