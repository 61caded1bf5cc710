import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@sp/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useFactorChange } from './api/change-factor';
import { confirmTotp, removeTotp, startTotp } from './api/totp';
import { RemoveFactorDialog } from './remove-factor-dialog';
import { Section } from './section';
import { TotpSetup } from './totp-setup';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  on: boolean;
  /** Removing it needs a recovery code (the only administrator's last factor). */
  lastOfOnlyAdmin: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}

/** The authenticator app: set it up (scan, type the first code) or remove it. */
export function TotpSection({ on, lastOfOnlyAdmin, onRecoveryCodes }: Props) {
  const { t } = useLingui();
  const start = useMutation({ mutationFn: startTotp });
  const confirm = useFactorChange(confirmTotp);
  const remove = useFactorChange(removeTotp);
  const [removing, setRemoving] = useState(false);
  const closeRemove = () => {
    remove.reset();
    setRemoving(false);
  };
  const onConfirm = (code: string) =>
    confirm.mutate(code, {
      onSuccess: ({ recovery_codes }) => {
        start.reset();
        if (recovery_codes.length > 0) onRecoveryCodes(recovery_codes);
      },
    });

  return (
    <Section title={t`Authenticator app`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ flex: '1 1 16rem' }}>
          <Trans>
            An app on your phone shows a new {TOTP_DIGITS}-digit code every {TOTP_PERIOD_SECONDS} seconds; you
            type it after your password.
          </Trans>
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={on ? 'success' : 'default'}
          label={on ? t`Set up` : t`Not set up`}
        />
      </Box>
      {confirm.isSuccess && !start.data && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          <Trans>The authenticator app is set up. Next time you sign in, enter the code it shows.</Trans>
        </Alert>
      )}
      {start.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(start.error)}
        </Alert>
      )}
      {start.data ? (
        <TotpSetup
          setup={start.data}
          pending={confirm.isPending}
          error={confirm.error}
          onConfirm={onConfirm}
          onCancel={() => start.reset()}
        />
      ) : (
        <Box sx={{ mt: 2 }}>
          {on ? (
            <Button color="error" variant="outlined" onClick={() => setRemoving(true)}>
              <Trans>Remove authenticator app</Trans>
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={start.isPending}
              onClick={() => {
                confirm.reset();
                start.mutate();
              }}
            >
              <Trans>Set up authenticator app</Trans>
            </Button>
          )}
        </Box>
      )}
      {removing && (
        <RemoveFactorDialog
          what={t`the authenticator app`}
          needsRecovery={lastOfOnlyAdmin}
          pending={remove.isPending}
          error={remove.error}
          onRemove={(body) => remove.mutate(body, { onSuccess: closeRemove })}
          onClose={closeRemove}
        />
      )}
    </Section>
  );
}
