import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messages, type AdminLogin } from '@sp/domain';
import { Suspense, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAppData } from '../../api/app-data';
import { errorMessage } from '../../api/client';
import { forgetUserData } from '../../api/forget-user-data';
import { markSignedOut, startStaffSession } from '../../api/session';
import { afterStaffSignIn, type SignInState } from '../../api/session-state';
import { prefetchScreen } from '../../components/lazy-screen';
import { useDocumentTitle } from '../../components/use-document-title';
import { staffLogin, type StaffLoginResponse } from './api/staff-login';
import { signInWithPasskey } from './api/staff-second-factor';
import { changeStaffPassword } from './api/change-staff-password';
import { FirstPasswordForm } from './first-password-form-lazy';
import { SecondFactorStep } from './second-factor-step-lazy';
import type { PasswordValues } from './password-rules';
import { useStaffEnglish } from '../../i18n/area-language';
import { SignInCard } from './sign-in-card';
import { preloadOnFirstInput, SignInAlert, SignInOverlay } from './sign-in-feedback';
import { useCall } from './use-call';
import { useSignInForm } from './use-sign-in-form';
import { TextInput } from '../../components/text-input';
import { browserHasPasskeys } from '../../api/webauthn';
import { paths } from '../../paths';

export function StaffSignInPage() {
  useStaffEnglish();
  useDocumentTitle('Staff sign-in');
  const navigate = useNavigate();
  const location = useLocation();
  const sessionExpired = (location.state as SignInState | null)?.sessionExpired === true;
  const app = useAppData();
  const login = useCall(staffLogin);
  const change = useCall(changeStaffPassword);
  const passkey = useCall(signInWithPasskey);
  /** Signed in with a one-time password: a new one comes first (D6). */
  const [oneTime, setOneTime] = useState<{ username: string; name: string } | null>(null);
  /** D51: the password was right; the second factor comes next (the name greets them). */
  const [secondStep, setSecondStep] = useState<string | null>(null);
  const form = useSignInForm<AdminLogin>({ name: '', password: '' }, (checks) => checks.adminLoginSchema);
  const { errors } = form;

  const finish = (fullName: string, enrol = false) => {
    forgetUserData(app?.queries.client);
    startStaffSession(fullName);
    // D51: an account the school's rule requires a second factor of sets one up before anything else.
    void navigate(enrol ? paths.admin.signInSecurity : afterStaffSignIn(location.state), { replace: true });
  };

  /** The answer of any sign-in step: the password, the second factor, or a passkey. */
  const signedIn = (answer: StaffLoginResponse) => {
    form.setValue('password', '');
    setSecondStep(null);
    if (answer.second_factor === 'code') {
      markSignedOut();
      return setSecondStep(answer.full_name);
    }
    if (answer.password_reset === 0) return finish(answer.full_name, answer.second_factor === 'enrol');
    markSignedOut();
    setOneTime({ username: answer.username, name: answer.full_name });
  };

  const onValid = (values: AdminLogin) => {
    // The staff area's code arrives while the server checks the password.
    prefetchScreen(paths.admin.dashboard);
    void FirstPasswordForm.preload().catch(() => undefined);
    void SecondFactorStep.preload().catch(() => undefined);
    passkey.reset();
    login.mutate(values, { onSuccess: signedIn, onError: () => markSignedOut() });
  };

  const onPasskey = () => {
    login.reset();
    prefetchScreen(paths.admin.dashboard);
    passkey.mutate(undefined, { onSuccess: signedIn, onError: () => markSignedOut() });
  };

  const onNewPassword = (values: PasswordValues) =>
    change.mutate({ password: values.newPassword }, { onSuccess: (answer) => finish(answer.full_name) });

  const startOver = () => {
    change.reset();
    login.reset();
    passkey.reset();
    setOneTime(null);
    setSecondStep(null);
  };
  const failure = oneTime ? change.error : secondStep === null ? (login.error ?? passkey.error) : null;

  const moveToPassword = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.setFocus('password');
  };

  return (
    <SignInCard
      subtitle="Staff sign-in"
      languages={false}
      footer={
        <Typography variant="body2">
          Student or parent?{' '}
          <Link component={RouterLink} to={paths.signIn}>
            Student sign-in
          </Link>
        </Typography>
      }
    >
      {failure && (
        <SignInAlert severity="error" sx={{ mb: 1 }}>
          {errorMessage(failure)}
        </SignInAlert>
      )}
      {sessionExpired && !failure && (
        <SignInAlert severity="info" sx={{ mb: 1 }}>
          {messages.sessionExpired}
        </SignInAlert>
      )}
      {oneTime ? (
        <Suspense fallback={<SignInOverlay open label="Loading the new password form" />}>
          <FirstPasswordForm
            studentId={oneTime.username}
            name={oneTime.name}
            staff
            onValid={onNewPassword}
            onStartOver={startOver}
          />
        </Suspense>
      ) : secondStep !== null ? (
        <Suspense fallback={<SignInOverlay open label="Loading the second step" />}>
          <SecondFactorStep name={secondStep} onSignedIn={signedIn} onStartOver={startOver} />
        </Suspense>
      ) : (
        <form
          noValidate
          {...preloadOnFirstInput}
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <TextInput
            {...form.field('name')}
            id="staff-username"
            label="Username"
            autoComplete="username"
            autoFocus
            margin="normal"
            onKeyDown={moveToPassword}
            error={Boolean(errors.name)}
            helperText={errors.name}
            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <TextInput
            {...form.field('password')}
            id="staff-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            margin="normal"
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
            Login
          </Button>
          {browserHasPasskeys() && (
            <Button
              type="button"
              variant="outlined"
              size="large"
              fullWidth
              sx={{ mt: 1.5 }}
              onClick={onPasskey}
            >
              Sign in with a passkey
            </Button>
          )}
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.staffForgotPassword}>
              Forgot your password?
            </Link>
          </Typography>
        </form>
      )}
      <SignInOverlay open={login.isPending || change.isPending || passkey.isPending} label="Signing in" />
    </SignInCard>
  );
}
