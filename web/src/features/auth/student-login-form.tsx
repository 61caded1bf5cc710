import type { StudentLogin } from '@sp/domain';
import Button from '@mui/material/Button';
import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { TextInput } from '../../components/text-input';
import { preloadOnFirstInput } from './sign-in-feedback';
import type { SignInForm } from './use-sign-in-form';

interface Props {
  form: SignInForm<StudentLogin>;
  /** The last sign-in with this ID said the date of birth is still the password (password_reset 1). */
  dateOfBirthExpected: boolean;
  onValid: (values: StudentLogin) => void;
}

export function StudentLoginForm({ form, dateOfBirthExpected, onValid }: Props) {
  const { errors } = form;
  const { t } = useLingui();

  // Spec section 2: Enter in the ID moves on to the password; Enter there submits the form.
  const moveToPassword = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.setFocus('password');
  };

  return (
    <form noValidate {...preloadOnFirstInput} onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <TextInput
        {...form.field('student_id')}
        id="student-id"
        label={t`Student ID`}
        autoComplete="username"
        autoFocus
        margin="normal"
        onKeyDown={moveToPassword}
        error={Boolean(errors.student_id)}
        helperText={errors.student_id}
        inputProps={{ autoCapitalize: 'none', spellCheck: false }}
      />
      <TextInput
        {...form.field('password')}
        id="password"
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        placeholder={dateOfBirthExpected ? t`Enter date of birth` : t`Enter password`}
        margin="normal"
        error={Boolean(errors.password)}
        helperText={
          errors.password ??
          (dateOfBirthExpected ? t`yyyymmdd` : t`First time? Enter the date of birth as yyyymmdd.`)
        }
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
        {t`Login`}
      </Button>
    </form>
  );
}
