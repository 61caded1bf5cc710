import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { readSession, rememberName } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useDocumentTitle } from '../../components/use-document-title';
import { useChangePassword } from './api/change-password';
import { NewPasswordFields } from './new-password-fields';
import { emptyPasswords, passwordRules, type PasswordValues } from './password-rules';
import { TextInput } from '../../components/text-input';
import { paths } from '../../paths';

/** /registration/change-password: Old Password, New Password, Confirm; then on to the student-data step. */
export function ChangePasswordPage() {
  useDocumentTitle('Change password');
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });
  const { errors } = form.formState;
  const { ref: oldRef, ...oldField } = form.register('oldPassword', passwordRules.oldPassword);
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
    <Card sx={{ width: '100%', maxWidth: 500, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Change Password
        </Typography>
        {!studentId && <Alert severity="info">Only a student account can change its password here.</Alert>}
        {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
        <form
          noValidate
          onSubmit={(event) => {
            // A message belongs to the last attempt: the server's answer to the one before goes.
            change.reset();
            void form.handleSubmit(onValid)(event);
          }}
        >
          <TextInput
            {...oldField}
            inputRef={oldRef}
            id="old-password"
            label="Old Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            margin="normal"
            error={Boolean(errors.oldPassword)}
            helperText={errors.oldPassword?.message}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={!studentId}>
            Change Password
          </Button>
        </form>
      </CardContent>
      <LoadingOverlay open={change.isPending} label="Changing the password" />
    </Card>
  );
}
