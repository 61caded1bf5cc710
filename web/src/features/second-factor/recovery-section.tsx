import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_COUNT } from '@sp/domain';
import { useState } from 'react';
import { FormServerError } from '../../components/form-server-error';
import { useFactorChange } from './api/change-factor';
import { renewRecoveryCodes } from './api/totp';
import { Section } from './section';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  left: number;
  onRecoveryCodes: (codes: string[]) => void;
}

/** How many recovery codes are left, and a new set (the old one stops working). */
export function RecoverySection({ left, onRecoveryCodes }: Props) {
  const { t } = useLingui();
  const renew = useFactorChange(renewRecoveryCodes);
  const [asking, setAsking] = useState(false);
  const close = () => {
    renew.reset();
    setAsking(false);
  };
  return (
    <Section title={t`Recovery codes`}>
      <Typography sx={{ mb: 2 }}>
        {left === 0
          ? t`You have no recovery codes left. Make new ones, so you can still sign in without your phone or passkey.`
          : t`You have ${left} of ${RECOVERY_CODE_COUNT} recovery codes left. Each signs you in once without your phone or passkey.`}
      </Typography>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        <Trans>Make new recovery codes</Trans>
      </Button>
      {asking && (
        <Dialog open onClose={renew.isPending ? undefined : close} aria-labelledby="renew-codes-title">
          <DialogTitle id="renew-codes-title">
            <Trans>Make new recovery codes?</Trans>
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              <Trans>
                The codes you have now stop working. You will see the {RECOVERY_CODE_COUNT} new ones once.
              </Trans>
            </DialogContentText>
            <FormServerError error={renew.error} sx={{ mt: 2 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={renew.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="contained"
              disabled={renew.isPending}
              onClick={() =>
                renew.mutate(undefined, {
                  onSuccess: ({ recovery_codes }) => {
                    close();
                    onRecoveryCodes(recovery_codes);
                  },
                })
              }
            >
              <Trans>Make new codes</Trans>
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Section>
  );
}
