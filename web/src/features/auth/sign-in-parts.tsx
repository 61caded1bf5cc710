import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../paths';
import { SignInAlert } from './sign-in-feedback';

/** The footer of the student's and the parent's sign-in cards. */
export function StaffSignInFooter() {
  return (
    <Typography variant="body2">
      <Trans>
        School staff?{' '}
        <Link component={RouterLink} to={paths.adminSignIn}>
          Staff sign-in
        </Link>
      </Trans>
    </Typography>
  );
}

/** A public page's work is done: say so, and offer the sign-in that follows. */
export function DoneThenSignIn({ children, to, label }: { children: ReactNode; to: string; label: string }) {
  return (
    <>
      <SignInAlert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </SignInAlert>
      <Button component={RouterLink} to={to} variant="contained" fullWidth sx={{ mt: 2 }}>
        {label}
      </Button>
    </>
  );
}
