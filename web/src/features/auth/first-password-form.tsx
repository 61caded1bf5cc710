import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from './new-password-fields';
import { emptyPasswords, staffPasswordHint, type PasswordValues } from './password-rules';
import { TextInput } from '../../components/text-input';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  studentId: string;
  name: string;
  /** A staff account after a one-time password: the username instead of the student ID. */
  staff?: boolean;
  onValid: (values: PasswordValues) => void;
  onStartOver: () => void;
}

/**
 * Spec section 4: the first sign-in used the date of birth (or, for staff, a one-time password), so a new
 * password must be set now. A chunk of its own (most sign-ins never show it), starting empty each time it
 * appears.
 */
export function FirstPasswordForm({ studentId, name, staff = false, onValid, onStartOver }: Props) {
  const { t } = useLingui();
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <Typography sx={{ mb: 1 }}>
        {name
          ? t`Welcome, ${name}. Please choose a new password to finish signing in.`
          : t`Welcome. Please choose a new password to finish signing in.`}
      </Typography>
      <TextInput
        id="reset-student-id"
        label={staff ? t`Username` : t`Student ID`}
        value={studentId}
        margin="normal"
        readOnly
      />
      <NewPasswordFields form={form} autoFocus {...(staff ? { hint: staffPasswordHint } : {})} />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
        <Trans>Change Password</Trans>
      </Button>
      <Button type="button" fullWidth sx={{ mt: 1 }} onClick={onStartOver}>
        {staff ? t`Sign in with a different username` : t`Sign in with a different student ID`}
      </Button>
    </form>
  );
}
