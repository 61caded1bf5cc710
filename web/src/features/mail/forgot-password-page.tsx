import Typography from '@mui/material/Typography';
import { forgotPasswordMessage, messages } from '@sp/domain';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../../components/text-input';
import { useSearchParams } from 'react-router';
import { SignInAlert, useCall } from '../auth';
import { forgotParentPassword, forgotStaffPassword, forgotStudentPassword } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

interface Props {
  /** A staff account's username instead of a student ID. */
  staff?: boolean;
}

/** What each kind of account types, and where its link goes (a parent's page is `?as=parent`, D50). */
const ACCOUNTS = {
  student: {
    label: msg`Student ID`,
    id: 'forgot-student-id',
    intro: msg`Enter the student ID. We will e-mail a link to choose a new password to the addresses the family has confirmed.`,
    send: forgotStudentPassword,
    who: 'student',
  },
  staff: {
    label: msg`Username`,
    id: 'forgot-username',
    intro: msg`Enter the username. We will e-mail a link to choose a new password to the address confirmed for your account.`,
    send: forgotStaffPassword,
    who: 'account',
  },
  parent: {
    label: msg`E-mail address`,
    id: 'forgot-email',
    intro: msg`Enter the e-mail address of your parent account. We will e-mail a link to choose a new password to it.`,
    send: forgotParentPassword,
    who: 'account',
  },
} as const;

/**
 * "Forgot your password?": the answer is the same whether or not the account exists or has a confirmed address,
 * and never says how many links went out (D52), so the page cannot be used to find out who is a student.
 */
export function ForgotPasswordPage({ staff = false }: Props) {
  const asParent = useSearchParams()[0].get('as') === 'parent';
  const account = ACCOUNTS[staff ? 'staff' : asParent ? 'parent' : 'student'];
  const { t, i18n } = useLingui();
  const label = i18n._(account.label);
  const { who } = account;
  const call = useCall<string, unknown>(account.send);
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
    <MailPageFrame title={t`Forgot your password?`} staff={staff} parent={asParent}>
      {sent ? (
        <SignInAlert severity="success" role="status">
          {translated(forgotPasswordMessage(who))}
        </SignInAlert>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Typography variant="body2">{i18n._(account.intro)}</Typography>
          <CallFailure error={call.error} />
          <TextInput
            id={account.id}
            label={label}
            autoComplete={asParent ? 'email' : 'username'}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={empty}
            helperText={empty ? translated(messages.required) : undefined}
            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <MainAction type="submit" disabled={call.isPending}>
            <Trans>Send the link</Trans>
          </MainAction>
        </form>
      )}
    </MailPageFrame>
  );
}

export const StaffForgotPasswordPage = () => <ForgotPasswordPage staff />;
