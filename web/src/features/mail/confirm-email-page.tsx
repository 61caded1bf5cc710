import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../paths';
import { SignInAlert, useCall } from '../auth';
import { confirmAddress } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';

/**
 * The page a confirmation link opens. It confirms only on the button: mail scanners open every link in an
 * e-mail, and an address must be confirmed by someone who reads it (D52).
 */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useCall(confirmAddress);

  return (
    <MailPageFrame title="Confirm your e-mail address">
      {confirm.data ? (
        <>
          <SignInAlert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
            Confirmed: {confirm.data.address} will get the school’s e-mails.
          </SignInAlert>
          <Button component={RouterLink} to={paths.signIn} variant="contained" fullWidth sx={{ mt: 2 }}>
            Go to sign-in
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2">
            Press the button to confirm that this e-mail address is yours. The school then sends it report
            card notices, document checks and password links.
          </Typography>
          <CallFailure error={confirm.error} />
          <MainAction disabled={confirm.isPending || token === ''} onClick={() => confirm.mutate(token)}>
            Confirm my address
          </MainAction>
        </>
      )}
    </MailPageFrame>
  );
}
