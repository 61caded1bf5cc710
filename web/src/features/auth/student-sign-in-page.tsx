import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Trans, useLingui } from '@lingui/react/macro';
import { messages, type StudentLogin } from '@sp/domain';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAppData } from '../../api/app-data';
import { errorMessage } from '../../api/client';
import { forgetUserData } from '../../api/forget-user-data';
import { markSignedOut, startStudentSession } from '../../api/session';
import { usePublicSettings } from '../../api/settings';
import { prefetchScreen } from '../../components/lazy-screen';
import { useDocumentTitle } from '../../components/use-document-title';
import { changePassword } from './api/change-password';
import { loginStudent } from './api/login-student';
import { FirstPasswordForm } from './first-password-form-lazy';
import type { PasswordValues } from './password-rules';
import { useBrowserLanguage } from '../../i18n/area-language';
import { SignInCard } from './sign-in-card';
import { SignInAlert, SignInOverlay } from './sign-in-feedback';
import { StudentLoginForm } from './student-login-form';
import { useCall } from './use-call';
import { useSignInForm } from './use-sign-in-form';
import { paths } from '../../paths';
import { ParentSignInPage } from '../parent-account';
import { SignInAs, useSignInWho } from './sign-in-as';
import { StaffSignInFooter } from './sign-in-parts';

const IdLookupDialog = lazy(async () => ({ default: (await import('./id-lookup-dialog')).IdLookupDialog }));

interface ResetState {
  studentId: string;
  name: string;
}

/** The sign-in page (`/`): the student's form, or the parent's with `?as=parent` (D50). */
export function StudentSignInPage() {
  return useSignInWho() === 'parent' ? <ParentSignInPage /> : <StudentSignIn />;
}

function StudentSignIn() {
  useBrowserLanguage();
  const { t } = useLingui();
  useDocumentTitle(t`Student sign-in`);
  const navigate = useNavigate();
  const location = useLocation();
  const app = useAppData();
  const settings = usePublicSettings();
  const login = useCall(loginStudent);
  const change = useCall(changePassword);
  const loginForm = useSignInForm<StudentLogin>(
    { student_id: '', password: '' },
    (checks) => checks.studentLoginSchema,
  );
  const [reset, setReset] = useState<ResetState | null>(null);
  const [resetDueFor, setResetDueFor] = useState<string | null>(null);
  const [lookup, setLookup] = useState<'closed' | 'open' | 'unused'>('unused');

  const sessionExpired = (location.state as { sessionExpired?: boolean } | null)?.sessionExpired === true;
  const typedId = loginForm.values.student_id;

  const finish = (studentId: string, name: string) => {
    forgetUserData(app?.queries.client);
    startStudentSession(studentId, name);
    void navigate(paths.dashboard, { replace: true });
  };

  const onLogin = (values: StudentLogin) => {
    change.reset();
    // The next screen's code arrives while the server checks the password.
    prefetchScreen(paths.dashboard);
    void FirstPasswordForm.preload().catch(() => undefined);
    login.mutate(values, {
      onSuccess: (answer) => {
        if (answer.password_reset === 0) return finish(answer.student_id, answer.name);
        // Spec section 4: the date of birth opened a limited session; a new password comes first.
        markSignedOut();
        loginForm.setValue('password', '');
        setResetDueFor(values.student_id);
        setReset({ studentId: answer.student_id, name: answer.name });
      },
      onError: () => markSignedOut(),
    });
  };

  const onNewPassword = (values: PasswordValues) => {
    if (!reset) return;
    change.mutate(
      { student_id: reset.studentId, password: values.newPassword },
      { onSuccess: (answer) => finish(answer.student_id, answer.name) },
    );
  };

  const startOver = () => {
    change.reset();
    login.reset();
    setReset(null);
  };

  const failure = reset ? change.error : login.error;

  return (
    <SignInCard subtitle={t`Student sign-in`} footer={<StaffSignInFooter />}>
      <SignInAs who="student" />
      {sessionExpired && !failure && (
        <SignInAlert severity="info" sx={{ mb: 1 }}>
          {messages.sessionExpired}
        </SignInAlert>
      )}
      {failure && (
        <SignInAlert severity="error" sx={{ mb: 1 }}>
          {errorMessage(failure)}
        </SignInAlert>
      )}
      {reset ? (
        <Suspense fallback={<SignInOverlay open label={t`Loading the new password form`} />}>
          <FirstPasswordForm
            studentId={reset.studentId}
            name={reset.name}
            onValid={onNewPassword}
            onStartOver={startOver}
          />
        </Suspense>
      ) : (
        <StudentLoginForm
          form={loginForm}
          dateOfBirthExpected={resetDueFor !== null && resetDueFor === typedId}
          onValid={onLogin}
        />
      )}
      {!reset && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
            <Trans>Forgot your password?</Trans>
          </Link>
        </Box>
      )}
      {settings.data?.id_lookup_enabled && !reset && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component="button" type="button" variant="body2" onClick={() => setLookup('open')}>
            <Trans>Click here to get your student ID</Trans>
          </Link>
        </Box>
      )}
      {lookup !== 'unused' && (
        <Suspense fallback={<SignInOverlay open label={t`Loading the student ID search`} />}>
          <IdLookupDialog
            open={lookup === 'open'}
            onClose={() => setLookup('closed')}
            onChoose={(id) => {
              loginForm.setValue('student_id', id);
              setLookup('closed');
            }}
          />
        </Suspense>
      )}
      <SignInOverlay open={login.isPending || change.isPending} label={t`Signing in`} />
    </SignInCard>
  );
}
