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

const SENT = 'Sent — check the inbox and open the link to confirm the address.';

/**
 * A staff member's own e-mail address (D52): a forgotten password's link goes only to it, and only once it is
 * confirmed by the link this card sends.
 */
export function OwnEmailCard() {
  const account = useStaffAccount();
  const resend = useSaveStaffEmail();
  const change = useSaveStaffEmail();
  const data = account.data;
  return (
    <Card
      component="section"
      aria-labelledby="own-email-title"
      sx={{ width: '100%', maxWidth: 500, mx: 'auto', mt: 2 }}
    >
      <CardContent>
        <Typography id="own-email-title" variant="h6" component="h2" gutterBottom>
          Your e-mail address
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          If you forget your password, a link to set a new one goes to this address once you have confirmed
          it.
        </Typography>
        {account.isPending && <CircularProgress aria-label="Loading your e-mail address" />}
        {account.isError && <Alert severity="error">{errorMessage(account.error)}</Alert>}
        {data?.email && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
            <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{data.email}</Typography>
            <Chip
              size="small"
              variant="outlined"
              color={data.email_confirmed ? 'success' : 'warning'}
              label={data.email_confirmed ? 'Confirmed' : 'Not confirmed'}
            />
            {!data.email_confirmed && (
              <Button
                size="small"
                onClick={() => data.email && resend.mutate(data.email)}
                disabled={resend.isPending || resend.isSuccess}
              >
                Send confirmation link
              </Button>
            )}
          </Box>
        )}
        {resend.isSuccess && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {SENT}
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
            label={data.email ? 'New e-mail address' : 'E-mail address'}
            submit={data.email ? 'Change address' : 'Save address'}
            send={change}
            done={
              <Alert severity="success" role="status" sx={{ mt: 2 }}>
                Saved. {SENT}
              </Alert>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
