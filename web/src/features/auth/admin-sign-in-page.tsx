import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { adminLoginSchema, type AdminLogin } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { forgetUserData } from '../../api/forget-user-data';
import { markSignedOut, startAdminSession } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAdminLogin } from './api/admin-login';
import { SignInCard } from './sign-in-card';
import { TextInput } from '../../components/text-input';
import { paths } from '../../paths';

export function AdminSignInPage() {
  useDocumentTitle('Staff sign-in');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useAdminLogin();
  const form = useForm<AdminLogin>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { name: '', password: '' },
  });
  const { errors } = form.formState;
  const { ref: nameRef, ...nameField } = form.register('name');
  const { ref: passwordRef, ...passwordField } = form.register('password');

  const onValid = (values: AdminLogin) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        forgetUserData(queryClient);
        startAdminSession(answer.full_name);
        void navigate(paths.admin.dashboard, { replace: true });
      },
      onError: () => markSignedOut(),
    });

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
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <TextInput
          {...nameField}
          inputRef={nameRef}
          id="admin-username"
          label="Username"
          autoComplete="username"
          autoFocus
          margin="normal"
          onKeyDown={moveToPassword}
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
          inputProps={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <TextInput
          {...passwordField}
          inputRef={passwordRef}
          id="admin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          margin="normal"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
          Login
        </Button>
      </form>
      <LoadingOverlay open={login.isPending} label="Signing in" />
    </SignInCard>
  );
}
