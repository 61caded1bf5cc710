import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminLogin } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { preloadSignInChecks } from '../../api/deferred-checks';
import { forgetUserData } from '../../api/forget-user-data';
import { markSignedOut, startAdminSession } from '../../api/session';
import { prefetchScreen } from '../../components/lazy-screen';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAdminLogin } from './api/admin-login';
import { SignInCard } from './sign-in-card';
import { useSignInForm } from './use-sign-in-form';
import { TextInput } from '../../components/text-input';
import { paths } from '../../paths';

export function AdminSignInPage() {
  useDocumentTitle('Staff sign-in');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useAdminLogin();
  const form = useSignInForm<AdminLogin>({ name: '', password: '' }, (checks) => checks.adminLoginSchema);
  const { errors } = form;

  const onValid = (values: AdminLogin) => {
    // The admin area's code arrives while the server checks the password.
    prefetchScreen(paths.admin.dashboard);
    login.mutate(values, {
      onSuccess: (answer) => {
        forgetUserData(queryClient);
        startAdminSession(answer.full_name);
        void navigate(paths.admin.dashboard, { replace: true });
      },
      onError: () => markSignedOut(),
    });
  };

  const moveToPassword = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.setFocus('password');
  };

  return (
    <SignInCard
      subtitle="Staff sign-in"
      footer={
        <Typography variant="body2">
          Student or parent?{' '}
          <Link component={RouterLink} to={paths.signIn}>
            Student sign-in
          </Link>
        </Typography>
      }
    >
      {login.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(login.error)}
        </Alert>
      )}
      <form noValidate {...preloadSignInChecks} onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <TextInput
          {...form.field('name')}
          id="admin-username"
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
          id="admin-password"
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
      </form>
      <LoadingOverlay open={login.isPending} label="Signing in" />
    </SignInCard>
  );
}
