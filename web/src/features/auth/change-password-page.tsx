import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { readSession, rememberName } from '../../api/session';
import { useDocumentTitle } from '../../components/use-document-title';
import { changePassword } from './api/change-password';
import { ChangePasswordCard } from './change-password-card';
import { emptyPasswords, type PasswordValues } from './password-rules';
import { paths } from '../../paths';
import { Trans, useLingui } from '@lingui/react/macro';

/** /registration/change-password: Old Password, New Password, Confirm; then on to the student-data step. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Change password`);
  const navigate = useNavigate();
  const change = useMutation({ mutationFn: changePassword });
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });
  const studentId = readSession().userId;

  const onValid = (values: PasswordValues) => {
    if (!studentId) return;
    change.mutate(
      { student_id: studentId, old_password: values.oldPassword, password: values.newPassword },
      {
        onSuccess: (answer) => {
          rememberName(answer.name);
          void navigate(paths.registration.step('studentData'), { state: { passwordChanged: true } });
        },
      },
    );
  };

  return (
    <ChangePasswordCard
      form={form}
      notices={
        <>
          {!studentId && (
            <Alert severity="info">
              <Trans>Only a student account can change its password here.</Trans>
            </Alert>
          )}
          {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
        </>
      }
      oldLabel={t`Old Password`}
      pending={change.isPending}
      disabled={!studentId}
      // A message belongs to the last attempt: the server's answer to the one before goes.
      onSubmitStart={() => change.reset()}
      onValid={onValid}
    />
  );
}
