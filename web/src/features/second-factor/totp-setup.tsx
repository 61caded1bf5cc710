import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOTP_DIGITS, totpConfirmSchema, type TotpStart } from '@sp/domain';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { FormServerError } from '../../components/form-server-error';
import { CopyButton } from './copy-button';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  setup: TotpStart;
  pending: boolean;
  /** The server's refusal of the last code sent. */
  error: unknown;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}

/** The secret as it is typed into an app by hand: groups of four. */
export const groupedSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up the authenticator app: the QR code to scan (drawn from the server's SVG as an image, so nothing of
 * it runs as markup), the same secret as text to type, then the app's first code to confirm it.
 */
export function TotpSetup({ setup, pending, error, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const form = useSchemaForm(totpConfirmSchema, { defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(({ code }) => onConfirm(code));
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ mt: 2 }}>
      <Typography component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
        <li>
          <Trans>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
            1Password…).
          </Trans>
        </li>
        <li>
          <Trans>Scan this QR code with it, or type the key below.</Trans>
        </li>
        <li>
          <Trans>Enter the {TOTP_DIGITS}-digit code the app then shows.</Trans>
        </li>
      </Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt={t`QR code to scan with your authenticator app`}
        sx={{ display: 'block', width: 200, height: 200, my: 2, bgcolor: 'common.white' }}
      />
      <Typography variant="body2" color="text.secondary">
        <Trans>Key to type instead</Trans>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', overflowWrap: 'anywhere' }}
        >
          {groupedSecret(setup.secret)}
        </Typography>
        <CopyButton text={setup.secret} label={t`Copy key`} size="small" />
      </Box>
      <TextField
        id="totp-confirm-code"
        label={t`Code from the app`}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 240 }}
        fullWidth
        {...textFieldProps(form, 'code')}
      />
      <FormServerError error={error} sx={{ mt: 2 }} />
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={pending}>
          <Trans>Confirm</Trans>
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
      </Box>
    </Box>
  );
}
