import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { NewPasswordFields } from './new-password-fields';
import type { PasswordValues } from './password-rules';
import { TextInput } from '../../components/text-input';

interface Props {
  form: UseFormReturn<PasswordValues>;
  studentId: string;
  name: string;
  onValid: (values: PasswordValues) => void;
  onStartOver: () => void;
}

/** Spec section 4: the first sign-in used the date of birth, so a new password must be set now. */
export function FirstPasswordForm({ form, studentId, name, onValid, onStartOver }: Props) {
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
