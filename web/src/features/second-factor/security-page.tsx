import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { secondFactorMessages } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useCurrentUser } from '../../api/me';
import { useDocumentTitle } from '../../components/use-document-title';
import { useSecondFactorStatus } from './api/status';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { RecoverySection } from './recovery-section';
import { TotpSection } from './totp-section';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * /admin/sign-in-security (D51): a staff member's own second factor. An account the school's rule covers
 * and that has none is sent here after signing in, and can open nothing else until one is set up.
 */
export function SecurityPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign-in security`);
  const me = useCurrentUser();
  const status = useSecondFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = status.data;
  const factors = data ? Number(data.totp) + data.passkeys.length : 0;
  const lastOfOnlyAdmin = Boolean(data?.only_admin) && factors === 1;
  const enrolRequired = secondFactorMessages.enrolRequired;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Sign-in security</Trans>
      </Typography>
      {me.data?.must_enrol && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Trans>{enrolRequired} The rest of the staff area opens once you have.</Trans>
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>
        <Trans>
          A second factor keeps your account safe if your password is guessed or stolen: signing in then also
          needs a code from your phone, or a passkey.
        </Trans>
        {data?.required && !me.data?.must_enrol ? ` ${t`The school requires one for your account.`}` : ''}
      </Typography>
      {status.isPending && <CircularProgress aria-label={t`Loading your sign-in security`} />}
      {status.isError && <Alert severity="error">{errorMessage(status.error)}</Alert>}
      {data && (
        <>
          <TotpSection on={data.totp} lastOfOnlyAdmin={lastOfOnlyAdmin} onRecoveryCodes={setCodes} />
          <PasskeysSection
            passkeys={data.passkeys}
            lastOfOnlyAdmin={lastOfOnlyAdmin}
            onRecoveryCodes={setCodes}
          />
          {factors > 0 && <RecoverySection left={data.recovery_codes_left} onRecoveryCodes={setCodes} />}
        </>
      )}
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
    </Box>
  );
}
