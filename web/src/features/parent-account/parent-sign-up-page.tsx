import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@sp/domain';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/client';
import { TextInput } from '../../components/text-input';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import {
  emptyPasswords,
  NewPasswordFields,
  parentPasswordHint,
  SignInAlert,
  SignInCard,
  SignInOverlay,
  useCall,
  type PasswordValues,
} from '../auth';
import { signUpParent } from './api';
import { BackToParentSignIn } from './parent-parts';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentLanguage } from '../../i18n/language';
import { translated } from '../../i18n/translate';

interface Details {
  name: string;
  email: string;
}

const required = (value: string) => value.trim().length > 0 || messages.required;

/** /parent/sign-up: a parent account, confirmed by an e-mailed link before it signs in (D50). */
export function ParentSignUpPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Create a parent account`);
  const details = useForm<Details>({ defaultValues: { name: '', email: '' } });
  const passwords = useForm<PasswordValues>({ defaultValues: emptyPasswords });
  const call = useCall(signUpParent);
  const { errors } = details.formState;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Both halves are checked at once, so every problem shows on the first press.
    const [detailsOk, passwordsOk] = await Promise.all([details.trigger(), passwords.trigger()]);
    if (!detailsOk || !passwordsOk) return;
    const { name, email } = details.getValues();
    const { newPassword, confirmPassword } = passwords.getValues();
    call.mutate({
      name: name.trim(),
      email: email.trim(),
      password: newPassword,
      password_confirmation: confirmPassword,
      // The page's language (D53): the account keeps it, and its confirmation e-mail is written in it.
      language: currentLanguage(),
    });
  };

  const { ref: nameRef, ...name } = details.register('name', { validate: required });
  const { ref: emailRef, ...email } = details.register('email', { validate: required });
  return (
    <SignInCard subtitle={t`Create a parent account`} footer={<BackToParentSignIn />}>
      {call.data ? (
        <>
          <SignInAlert severity="success" role="status">
            {translated(call.data.message)}
          </SignInAlert>
          <Button
            component={RouterLink}
            to={paths.parent.signIn}
            variant="contained"
            fullWidth
            sx={{ mt: 2 }}
          >
            <Trans>Go to sign-in</Trans>
          </Button>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <Typography variant="body2">
            <Trans>
              One account for all your children at the school. You link each child afterwards with the family
              code from the school.
            </Trans>
          </Typography>
          {call.error && (
            <SignInAlert severity="error" sx={{ mt: 1 }}>
              {errorMessage(call.error)}
            </SignInAlert>
          )}
          <TextInput
            {...name}
            inputRef={nameRef}
            id="parent-name"
            label={t`Your name`}
            autoComplete="name"
            autoFocus
            inputProps={{ maxLength: 60 }}
            error={Boolean(errors.name)}
            helperText={translated(
              errors.name?.message ?? t`How should the school address you? e.g. Mrs Ali`,
            )}
          />
          <TextInput
            {...email}
            inputRef={emailRef}
            id="parent-email"
            label={t`E-mail address`}
            type="email"
            autoComplete="email"
            inputProps={{ autoCapitalize: 'none', spellCheck: false, maxLength: 254 }}
            error={Boolean(errors.email)}
            helperText={translated(errors.email?.message ?? t`We send a link to confirm it.`)}
          />
          <NewPasswordFields form={passwords} hint={parentPasswordHint} />
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
            <Trans>Create the account</Trans>
          </Button>
        </form>
      )}
      <SignInOverlay open={call.isPending} label={t`Creating the account`} />
    </SignInCard>
  );
}
