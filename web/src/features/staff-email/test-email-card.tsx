import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../paths';
import { AddressForm } from './address-form';
import { useSendTestEmail } from './api/send-test-email';
import { Trans, useLingui } from '@lingui/react/macro';

/** Settings' "Send a test e-mail": proves the mail server takes the portal's messages, through the outbox. */
export function TestEmailForm() {
  const { t } = useLingui();
  const send = useSendTestEmail();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Trans>
          A short message goes through the outbox like any other e-mail, so the Outbox shows whether the mail
          server took it.
        </Trans>
      </Typography>
      <AddressForm
        id="test-email-to"
        label={t`Send to`}
        submit={t`Send a test e-mail`}
        send={send}
        done={
          <Alert severity="success" sx={{ mt: 2 }}>
            <Trans>
              Queued.{' '}
              <Link component={RouterLink} to={paths.admin.outbox}>
                See it in the Outbox
              </Link>
            </Trans>
          </Alert>
        }
      />
    </>
  );
}
