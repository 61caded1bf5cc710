import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { messages, parentMessages, type ParentLogin } from '@sp/domain';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAppData } from '../../api/app-data';
import { ApiError, errorMessage } from '../../api/client';
import { forgetUserData } from '../../api/forget-user-data';
import { markSignedOut, startParentSession } from '../../api/session';
import { prefetchScreen } from '../../components/lazy-screen';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import {
  preloadOnFirstInput,
  SignInAlert,
  SignInAs,
  SignInCard,
  SignInOverlay,
  StaffSignInFooter,
  useCall,
  useSignInForm,
} from '../auth';
import { loginParent, resendConfirmation } from './api';
import { ParentLoginFields } from './parent-parts';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

/** A parent signs in with their e-mail address; then the first linked child's dashboard, or linking one (D50). */
export function ParentSignInPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Parent sign-in`);
  const navigate = useNavigate();
  const location = useLocation();
  const app = useAppData();
  const login = useCall(loginParent);
  const resend = useCall(resendConfirmation);
  const form = useSignInForm<ParentLogin>({ email: '', password: '' }, (checks) => checks.parentLoginSchema);
  const sessionExpired = (location.state as { sessionExpired?: boolean } | null)?.sessionExpired === true;
  const notConfirmed = login.error instanceof ApiError && login.error.message === parentMessages.notConfirmed;

  const onValid = (values: ParentLogin) => {
    resend.reset();
    prefetchScreen(paths.dashboard);
    login.mutate(values, {
      onSuccess: (me) => {
        forgetUserData(app?.queries.client);
        startParentSession(me.student_id, me.name);
        void navigate(me.student_id ? paths.dashboard : paths.parent.children, { replace: true });
      },
      onError: () => markSignedOut(),
    });
  };

  return (
    <SignInCard subtitle={t`Parent sign-in`} footer={<StaffSignInFooter />}>
      <SignInAs who="parent" />
      {sessionExpired && !login.error && (
        <SignInAlert severity="info" sx={{ mb: 1 }}>
          {translated(messages.sessionExpired)}
        </SignInAlert>
      )}
      {login.error && (
        <SignInAlert severity="error" sx={{ mb: 1 }}>
          {errorMessage(login.error)}
        </SignInAlert>
      )}
      {notConfirmed &&
        (resend.data ? (
          <SignInAlert severity="success" role="status" sx={{ mb: 1 }}>
            {translated(resend.data.message)}
          </SignInAlert>
        ) : (
          <Button
            variant="outlined"
            fullWidth
            disabled={resend.isPending}
            onClick={() => resend.mutate(form.values.email.trim())}
          >
            <Trans>Send a new confirmation link</Trans>
          </Button>
        ))}
      <form noValidate {...preloadOnFirstInput} onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <ParentLoginFields form={form} idPrefix="parent" focus="email" />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
          <Trans>Sign in</Trans>
        </Button>
      </form>
      <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <Link component={RouterLink} to={paths.parent.signUp} variant="body2">
          <Trans>Create a parent account</Trans>
        </Link>
        <Link component={RouterLink} to={paths.parent.forgotPassword} variant="body2">
          <Trans>Forgot your password?</Trans>
        </Link>
      </Box>
      <SignInOverlay open={login.isPending} label={t`Signing in`} />
    </SignInCard>
  );
}
