import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { SignInCard } from '../auth';

interface Props {
  title: string;
  /** Whose sign-in page the footer links to; the student's by default. */
  staff?: boolean;
  children: ReactNode;
}

/** A page an e-mailed link opens, signed in or not: the sign-in card, titled, with the way back to sign in. */
export function MailPageFrame({ title, staff = false, children }: Props) {
  useDocumentTitle(title);
  return (
    <SignInCard
      subtitle={title}
      footer={
        <Typography variant="body2">
          <Link component={RouterLink} to={staff ? paths.adminSignIn : paths.signIn}>
            {staff ? 'Back to staff sign-in' : 'Back to sign-in'}
          </Link>
        </Typography>
      }
    >
      {children}
    </SignInCard>
  );
}
