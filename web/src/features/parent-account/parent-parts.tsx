import Link from '@mui/material/Link';
import type { ParentLogin } from '@sp/domain';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../components/text-input';
import { paths } from '../../paths';
import type { SignInForm } from '../auth';
import { Trans, useLingui } from '@lingui/react/macro';

/** The footer of a parent's public pages. */
export function BackToParentSignIn() {
  return (
    <Typography variant="body2">
      <Trans>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.parent.signIn}>
          Sign in as a parent
        </Link>
      </Trans>
    </Typography>
  );
}

/** A parent's e-mail address and password, as the sign-in page and the sign-in-again dialog ask for them. */
export function ParentLoginFields({
  form,
  idPrefix,
  focus,
}: {
  form: SignInForm<ParentLogin>;
  idPrefix: string;
  /** Which field has the cursor first. */
  focus: 'email' | 'password';
}) {
  const { t } = useLingui();
  return (
    <>
      <TextInput
        {...form.field('email')}
        id={`${idPrefix}-email`}
        label={t`E-mail address`}
        type="email"
        autoComplete="email"
        autoFocus={focus === 'email'}
        error={Boolean(form.errors.email)}
        helperText={form.errors.email}
        inputProps={{ autoCapitalize: 'none', spellCheck: false }}
      />
      <TextInput
        {...form.field('password')}
        id={`${idPrefix}-password`}
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        autoFocus={focus === 'password'}
        error={Boolean(form.errors.password)}
        helperText={form.errors.password}
      />
    </>
  );
}
