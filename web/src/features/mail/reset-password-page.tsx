import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { RESET_LINK_MINUTES } from '@sp/domain';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { paths } from '../../paths';
import {
  emptyPasswords,
  NewPasswordFields,
  SignInAlert,
  parentPasswordHint,
  staffPasswordHint,
  useCall,
  type PasswordValues,
} from '../auth';
import { passwordLinkState, setPasswordByLink } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';
import { useAnswer } from './use-answer';
import { Trans, useLingui } from '@lingui/react/macro';

type Kind = 'student' | 'staff' | 'parent' | null;

const signInPath = (kind: Kind) =>
  kind === 'staff' ? paths.adminSignIn : kind === 'parent' ? paths.parent.signIn : paths.signIn;

const forgotPath = (kind: Kind) =>
  kind === 'staff'
    ? paths.staffForgotPassword
    : kind === 'parent'
      ? paths.parent.forgotPassword
      : paths.forgotPassword;

/** A link used, expired or mistyped: say so and offer a new one. */
function DeadLink({ kind }: { kind: Kind }) {
  return (
    <>
      <SignInAlert severity="warning">
        <Trans>
          This link has expired or has already been used. Links work once, for {RESET_LINK_MINUTES} minutes.
        </Trans>
      </SignInAlert>
      <Button component={RouterLink} to={forgotPath(kind)} variant="contained" fullWidth sx={{ mt: 2 }}>
        <Trans>Ask for a new link</Trans>
      </Button>
    </>
  );
}

/** The page a password link opens: checks the link first, then takes the new password (D5's rules, D52). */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useAnswer(passwordLinkState, token);
  const save = useCall(setPasswordByLink);
  const form = useForm<PasswordValues>({ defaultValues: emptyPasswords });
  const kind = link.state === 'done' ? link.data.kind : null;
  const staff = kind === 'staff';
  const { t } = useLingui();

  const onValid = (values: PasswordValues) =>
    save.mutate({ token, password: values.newPassword, password_confirmation: values.confirmPassword });

  const body = () => {
    if (save.data) {
      return (
        <>
          <SignInAlert severity="success" role="status">
            <Trans>Your password has been changed. Every other device has been signed out.</Trans>
          </SignInAlert>
          <Button
            component={RouterLink}
            to={signInPath(save.data.kind)}
            variant="contained"
            fullWidth
            sx={{ mt: 2 }}
          >
            {save.data.kind === 'parent' ? t`Sign in as a parent` : t`Sign in with the new password`}
          </Button>
        </>
      );
    }
    if (link.state === 'loading') return <Typography role="status">{t`Checking the link…`}</Typography>;
    if (link.state === 'failed') {
      // A malformed token is refused by the route's schema: it is a dead link as far as the family is concerned.
      return link.error instanceof ApiError && link.error.status === 400 ? (
        <DeadLink kind={null} />
      ) : (
        <SignInAlert severity="error">{errorMessage(link.error)}</SignInAlert>
      );
    }
    if (!link.data.valid) return <DeadLink kind={kind} />;
    return (
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <Typography variant="body2">
          <Trans>Choose a new password. It replaces the old one everywhere.</Trans>
        </Typography>
        <CallFailure error={save.error} />
        <NewPasswordFields
          form={form}
          autoFocus
          {...(staff ? { hint: staffPasswordHint } : kind === 'parent' ? { hint: parentPasswordHint } : {})}
        />
        <MainAction type="submit" disabled={save.isPending}>
          <Trans>Set the new password</Trans>
        </MainAction>
      </form>
    );
  };

  return (
    <MailPageFrame title={t`Choose a new password`} staff={staff} parent={kind === 'parent'}>
      {body()}
    </MailPageFrame>
  );
}
