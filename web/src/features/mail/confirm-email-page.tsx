import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { paths } from '../../paths';
import { DoneThenSignIn, useCall } from '../auth';
import { confirmAddress } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The page a confirmation link opens. It confirms only on the button: mail scanners open every link in an
 * e-mail, and an address must be confirmed by someone who reads it (D52).
 */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useCall(confirmAddress);
  const { t } = useLingui();
  const address = confirm.data?.address;

  return (
    <MailPageFrame title={t`Confirm your e-mail address`} parent={confirm.data?.kind === 'parent'}>
      {confirm.data?.kind === 'parent' ? (
        <DoneThenSignIn to={paths.parent.signIn} label={t`Sign in as a parent`}>
          <Trans>Confirmed: your parent account {address} can now sign in.</Trans>
        </DoneThenSignIn>
      ) : confirm.data ? (
        <DoneThenSignIn to={paths.signIn} label={t`Go to sign-in`}>
          <Trans>Confirmed: {address} will get the school’s e-mails.</Trans>
        </DoneThenSignIn>
      ) : (
        <>
          <Typography variant="body2">
            <Trans>
              Press the button to confirm that this e-mail address is yours. The school then sends it report
              card notices, document checks and password links.
            </Trans>
          </Typography>
          <CallFailure error={confirm.error} />
          <MainAction disabled={confirm.isPending || token === ''} onClick={() => confirm.mutate(token)}>
            <Trans>Confirm my address</Trans>
          </MainAction>
        </>
      )}
    </MailPageFrame>
  );
}
