import type { StudentLogin } from '@sp/domain';
import Button from '@mui/material/Button';
import type { KeyboardEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextInput } from '../../components/text-input';

interface Props {
  form: UseFormReturn<StudentLogin>;
  /** The last sign-in with this ID said the date of birth is still the password (password_reset 1). */
  dateOfBirthExpected: boolean;
  onValid: (values: StudentLogin) => void;
}

export function StudentLoginForm({ form, dateOfBirthExpected, onValid }: Props) {
  const { errors } = form.formState;
  const { ref: idRef, ...idField } = form.register('student_id');
  const { ref: passwordRef, ...passwordField } = form.register('password');

  // Spec section 2: Enter in the ID moves on to the password; Enter there submits the form.
  const moveToPassword = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.setFocus('password');
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <TextInput
        {...idField}
        inputRef={idRef}
        id="student-id"
        label="Student ID"
        autoComplete="username"
        autoFocus
        margin="normal"
        onKeyDown={moveToPassword}
        error={Boolean(errors.student_id)}
        helperText={errors.student_id?.message}
        inputProps={{ autoCapitalize: 'none', spellCheck: false }}
      />
      <TextInput
        {...passwordField}
        inputRef={passwordRef}
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder={dateOfBirthExpected ? 'Enter date of birth' : 'Enter password'}
        margin="normal"
        error={Boolean(errors.password)}
        helperText={
          errors.password?.message ??
          (dateOfBirthExpected ? 'yyyymmdd' : 'First time? Enter the date of birth as yyyymmdd.')
        }
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
        Login
      </Button>
    </form>
  );
}
