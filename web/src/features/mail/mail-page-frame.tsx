import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { SignInCard } from '../auth';
import { useLingui } from '@lingui/react/macro';

interface Props {
  title: string;
  /** Whose sign-in page the footer links to; the student's by default. */
  staff?: boolean;
  /** A parent's page (D50): the footer links to the parent sign-in. */
  parent?: boolean;
  children: ReactNode;
}

/** A page an e-mailed link opens, signed in or not: the sign-in card, titled, with the way back to sign in. */
export function MailPageFrame({ title, staff = false, parent = false, children }: Props) {
  useDocumentTitle(title);
  const { t } = useLingui();
  return (
    <SignInCard
      subtitle={title}
      footer={
        <Typography variant="body2">
          <Link
            component={RouterLink}
            to={staff ? paths.adminSignIn : parent ? paths.parent.signIn : paths.signIn}
          >
            {staff ? t`Back to staff sign-in` : parent ? t`Back to parent sign-in` : t`Back to sign-in`}
          </Link>
        </Typography>
      }
    >
      {children}
    </SignInCard>
  );
}
