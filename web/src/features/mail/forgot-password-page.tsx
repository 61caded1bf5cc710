import Typography from '@mui/material/Typography';
import { forgotPasswordMessage, messages } from '@sp/domain';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../../components/text-input';
import { SignInAlert, useCall } from '../auth';
import { forgotStaffPassword, forgotStudentPassword } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';

interface Props {
  /** A staff account's username instead of a student ID. */
  staff?: boolean;
}

/**
 * "Forgot your password?": the answer is the same whether or not the account exists or has a confirmed address,
 * and never says how many links went out (D52), so the page cannot be used to find out who is a student.
 */
export function ForgotPasswordPage({ staff = false }: Props) {
  const who = staff ? ('account' as const) : ('student' as const);
  const label = staff ? 'Username' : 'Student ID';
  const call = useCall(staff ? forgotStaffPassword : forgotStudentPassword);
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    setEmpty(typed === '');
    if (typed !== '') call.mutate(typed);
  };

  const sent = !call.isPending && !call.error && call.data !== undefined;
  return (
    <MailPageFrame title="Forgot your password?" staff={staff}>
      {sent ? (
        <SignInAlert severity="success" role="status">
          {forgotPasswordMessage(who)}
        </SignInAlert>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Typography variant="body2">
            Enter the {staff ? 'username' : 'student ID'}. We will e-mail a link to choose a new password to
            the {staff ? 'address confirmed for your account' : 'addresses the family has confirmed'}.
          </Typography>
          <CallFailure error={call.error} />
          <TextInput
            id={staff ? 'forgot-username' : 'forgot-student-id'}
            label={label}
            autoComplete="username"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={empty}
            helperText={empty ? messages.required : undefined}
            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <MainAction type="submit" disabled={call.isPending}>
            Send the link
          </MainAction>
        </form>
      )}
    </MailPageFrame>
  );
}

export const StaffForgotPasswordPage = () => <ForgotPasswordPage staff />;
