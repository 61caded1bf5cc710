import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from './new-password-fields';
import { emptyPasswords, type PasswordValues } from './password-rules';
import { TextInput } from '../../components/text-input';

interface Props {
  studentId: string;
  name: string;
  onValid: (values: PasswordValues) => void;
  onStartOver: () => void;
}

/**
 * Spec section 4: the first sign-in used the date of birth, so a new password must be set now. A chunk of its
 * own (most sign-ins never show it), starting empty each time it appears.
 */
export function FirstPasswordForm({ studentId, name, onValid, onStartOver }: Props) {
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <Typography sx={{ mb: 1 }}>
        Welcome{name ? `, ${name}` : ''}. Please choose a new password to finish signing in.
      </Typography>
      <TextInput id="reset-student-id" label="Student ID" value={studentId} margin="normal" readOnly />
      <NewPasswordFields form={form} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
        Change Password
      </Button>
      <Button type="button" fullWidth sx={{ mt: 1 }} onClick={onStartOver}>
        Sign in with a different student ID
      </Button>
    </form>
  );
}
