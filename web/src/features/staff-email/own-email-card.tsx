import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { AddressForm } from './address-form';
import { useStaffAccount } from './api/get-account';
import { useSaveStaffEmail } from './api/save-email';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const SENT = msg`Sent — check the inbox and open the link to confirm the address.`;

/**
 * A staff member's own e-mail address (D52): a forgotten password's link goes only to it, and only once it is
 * confirmed by the link this card sends.
 */
export function OwnEmailCard() {
  const { t, i18n } = useLingui();
  const account = useStaffAccount();
  const resend = useSaveStaffEmail();
  const change = useSaveStaffEmail();
  const data = account.data;
  const sent = i18n._(SENT);
  return (
    <Card
      component="section"
      aria-labelledby="own-email-title"
      sx={{ width: '100%', maxWidth: 500, mx: 'auto', mt: 2 }}
    >
      <CardContent>
        <Typography id="own-email-title" variant="h6" component="h2" gutterBottom>
          <Trans>Your e-mail address</Trans>
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans>
            If you forget your password, a link to set a new one goes to this address once you have confirmed
            it.
          </Trans>
        </Typography>
        {account.isPending && <CircularProgress aria-label={t`Loading your e-mail address`} />}
        {account.isError && <Alert severity="error">{errorMessage(account.error)}</Alert>}
        {data?.email && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{data.email}</Typography>
            <Chip
              size="small"
              variant="outlined"
              color={data.email_confirmed ? 'success' : 'warning'}
              label={data.email_confirmed ? t`Confirmed` : t`Not confirmed`}
            />
            {!data.email_confirmed && (
              <Button
                size="small"
                onClick={() => data.email && resend.mutate(data.email)}
                disabled={resend.isPending || resend.isSuccess}
              >
                <Trans>Send confirmation link</Trans>
              </Button>
            )}
          </Box>
        )}
        {resend.isSuccess && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {sent}
          </Alert>
        )}
        {resend.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(resend.error)}
          </Alert>
        )}
        {data && (
          <AddressForm
            id="own-email"
            label={data.email ? t`New e-mail address` : t`E-mail address`}
            submit={data.email ? t`Change address` : t`Save address`}
            send={change}
            done={
              <Alert severity="success" role="status" sx={{ mt: 2 }}>
                <Trans>Saved. {sent}</Trans>
              </Alert>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
