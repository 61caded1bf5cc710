import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { parentTabChild, showChild } from '../../api/session';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { SignInAlert, SignInCard, useCall } from '../auth';
import { acceptInvite, inviteAndSession } from './invite-api';
import { childName } from './use-switch-child';

/**
 * The page an invitation e-mail opens (D50): the child's first name, and "Link to my account" for a signed-in
 * parent; anyone else signs in or creates a parent account first. Linking happens only on the button, as mail
 * scanners open every link.
 */
export function ParentInvitePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Parent portal invitation`);
  const token = useSearchParams()[0].get('token') ?? '';
  const invite = useInvite(token);
  const accept = useCall(acceptInvite);

  const body = () => {
    if (invite.state === 'loading') return <Typography role="status">{t`Checking the link…`}</Typography>;
    if (invite.state === 'failed' || !invite.data.valid)
      return (
        <SignInAlert severity="error">
          <Trans>This link has expired or has already been used. Ask for a new invitation.</Trans>
        </SignInAlert>
      );
    const first = invite.data.first_name ?? t`the child`;
    if (accept.data)
      return (
        <>
          <SignInAlert severity="success" role="status">
            {t`${childName(accept.data)} is now linked to your account.`}
          </SignInAlert>
          {/* A full load: the signed-in area's cache may hold the account without this child. */}
          <Button href={paths.dashboard} variant="contained" fullWidth sx={{ mt: 2 }}>
            <Trans>Go to the dashboard</Trans>
          </Button>
        </>
      );
    if (!invite.data.signedIn)
      return (
        <>
          <Typography variant="body2">
            <Trans>
              You were invited to follow {first} in the parent portal. Sign in as a parent (or create a parent
              account), then open the link in the e-mail again.
            </Trans>
          </Typography>
          <Button
            component={RouterLink}
            to={paths.parent.signIn}
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 2 }}
          >
            <Trans>Sign in as a parent</Trans>
          </Button>
          <Button component={RouterLink} to={paths.parent.signUp} fullWidth sx={{ mt: 1 }}>
            <Trans>Create a parent account</Trans>
          </Button>
        </>
      );
    return (
      <>
        <Typography variant="body2">
          <Trans>Link {first} to your parent account?</Trans>
        </Typography>
        {accept.error && (
          <SignInAlert severity="error" sx={{ mt: 1 }}>
            {errorMessage(accept.error)}
          </SignInAlert>
        )}
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: (child) => {
                if (!parentTabChild()) showChild(child.student_id, childName(child));
              },
            })
          }
        >
          <Trans>Link to my account</Trans>
        </Button>
      </>
    );
  };

  return (
    <SignInCard
      subtitle={t`Parent portal invitation`}
      footer={
        <Link component={RouterLink} to={paths.signIn} variant="body2">
          <Trans>Back to sign-in</Trans>
        </Link>
      }
    >
      {body()}
    </SignInCard>
  );
}

type InviteAnswer =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'done'; data: Awaited<ReturnType<typeof inviteAndSession>> };

/** The link's state, read once when the page opens (public page: no query library, ADR 0035). */
function useInvite(token: string): InviteAnswer {
  const [answer, setAnswer] = useState<{ token: string; answer: InviteAnswer }>();
  useEffect(() => {
    let current = true;
    inviteAndSession(token).then(
      (data) => current && setAnswer({ token, answer: { state: 'done', data } }),
      () => current && setAnswer({ token, answer: { state: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return answer?.token === token ? answer.answer : { state: 'loading' };
}
