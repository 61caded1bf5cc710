import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/client';
import { OwnEmailCard } from '../staff-email';
import { useDocumentTitle } from '../../components/use-document-title';
import { changeStaffPassword } from './api/change-staff-password';
import { ChangePasswordCard } from './change-password-card';
import { emptyPasswords, staffPasswordHint, type PasswordValues } from './password-rules';

/**
 * /admin/change-password: a staff member's own password (current, new, confirm), the rules of D5, and the
 * e-mail address a forgotten one's link goes to (D52).
 */
export function StaffChangePasswordPage() {
  useDocumentTitle('Change password');
  const change = useMutation({ mutationFn: changeStaffPassword });
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });

  const onValid = (values: PasswordValues) =>
    change.mutate(
      { old_password: values.oldPassword, password: values.newPassword },
      { onSuccess: () => form.reset(emptyPasswords) },
    );

  return (
    <>
      <ChangePasswordCard
        form={form}
        notices={
          <>
            {change.isSuccess && (
              <Alert severity="success" role="status">
                Your password has been changed. Your other open sessions have ended.
              </Alert>
            )}
            {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
          </>
        }
        oldLabel="Current Password"
        hint={staffPasswordHint}
        pending={change.isPending}
        onSubmitStart={() => change.reset()}
        onValid={onValid}
      />
      <OwnEmailCard />
    </>
  );
}
