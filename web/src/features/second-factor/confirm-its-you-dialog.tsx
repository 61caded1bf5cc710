import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { secondFactorCodeSchema, TOTP_DIGITS } from '@sp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { freshFactorStore } from '../../api/fresh-factor';
import { browserHasPasskeys } from '../../api/webauthn';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { FormServerError } from '../../components/form-server-error';
import { LoadingOverlay } from '../../components/loading-overlay';
import { secondFactorKeys } from './api/query-keys';
import { secondFactorStatusQuery } from './api/status';
import { verifyCode, verifyWithPasskey } from './api/verify';
import { Trans, useLingui } from '@lingui/react/macro';

type Mode = 'code' | 'recovery_code';

/**
 * D51, asking again: a sensitive call found the session's second factor too old. One dialog asks for a code,
 * a recovery code or a passkey; the calls waiting are then sent again (api/fresh-factor.ts). Cancel leaves
 * them refused, with the server's message on the screen that made them.
 */
export function ConfirmItsYouDialog() {
  const open = useSyncExternalStore(freshFactorStore.subscribe, freshFactorStore.isAsking);
  useEffect(() => freshFactorStore.mount(), []);
  const status = useQuery({ ...secondFactorStatusQuery, enabled: open });
  const [mode, setMode] = useState<Mode | null>(null);
  const shown: Mode = mode ?? (status.data?.totp === false ? 'recovery_code' : 'code');
  if (!open) return null;
  return (
    <Dialog open aria-labelledby="confirm-its-you-title" maxWidth="xs" fullWidth>
      <ConfirmForm
        key={shown}
        mode={shown}
        hasApp={status.data?.totp !== false}
        hasPasskey={(status.data?.passkeys.length ?? 0) > 0 && browserHasPasskeys()}
        onMode={setMode}
        onDone={(confirmed) => {
          setMode(null);
          freshFactorStore.answer(confirmed);
        }}
      />
    </Dialog>
  );
}

interface FormProps {
  mode: Mode;
  hasApp: boolean;
  hasPasskey: boolean;
  onMode: (mode: Mode) => void;
  onDone: (confirmed: boolean) => void;
}

function ConfirmForm({ mode, hasApp, hasPasskey, onMode, onDone }: FormProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const confirmed = () => {
    void queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
    onDone(true);
  };
  const send = useMutation({ mutationFn: verifyCode, onSuccess: confirmed });
  const passkey = useMutation({ mutationFn: verifyWithPasskey, onSuccess: confirmed });
  const form = useSchemaForm(secondFactorCodeSchema, { defaultValues: { [mode]: '' } });
  const pending = send.isPending || passkey.isPending;
  const onSubmit = form.handleSubmit((values) => {
    passkey.reset();
    send.mutate(values);
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogTitle id="confirm-its-you-title">
        <Trans>Confirm it’s you</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {mode === 'code'
            ? t`This needs your second factor again. Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`
            : t`This needs your second factor again. Enter one of your recovery codes (each works once).`}
        </DialogContentText>
        <TextField
          id={`confirm-${mode}`}
          label={mode === 'code' ? t`Code` : t`Recovery code`}
          fullWidth
          autoFocus
          autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
          slotProps={{ htmlInput: mode === 'code' ? { inputMode: 'numeric' } : { autoCapitalize: 'none' } }}
          {...textFieldProps(form, mode)}
        />
        <FormServerError error={send.error ?? passkey.error} sx={{ mt: 2 }} />
        {(mode === 'code' || hasApp) && (
          <Button
            sx={{ mt: 1 }}
            onClick={() => onMode(mode === 'code' ? 'recovery_code' : 'code')}
            disabled={pending}
          >
            {mode === 'code' ? t`Use a recovery code instead` : t`Use your authenticator app instead`}
          </Button>
        )}
        {hasPasskey && (
          <Button
            sx={{ mt: 1 }}
            disabled={pending}
            onClick={() => {
              send.reset();
              passkey.mutate();
            }}
          >
            <Trans>Use a passkey</Trans>
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone(false)} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          <Trans>Confirm</Trans>
        </Button>
      </DialogActions>
      <LoadingOverlay open={pending} label={t`Checking`} />
    </form>
  );
}
