import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TOTP_DIGITS, type SecondFactorCode } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { browserHasPasskeys } from '../../api/webauthn';
import { TextInput } from '../../components/text-input';
import { signInWithCode, signInWithPasskey } from './api/staff-second-factor';
import type { StaffLoginResponse } from './api/staff-login';
import { SignInAlert, SignInOverlay } from './sign-in-feedback';
import { useCall } from './use-call';
import { useSignInForm } from './use-sign-in-form';

interface Props {
  name: string;
  onSignedIn: (answer: StaffLoginResponse) => void;
  onStartOver: () => void;
}

type Mode = 'code' | 'recovery_code';

const FIELDS: Record<Mode, { label: string; hint: string; switchTo: string }> = {
  code: {
    label: 'Code',
    hint: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
    switchTo: 'Use a recovery code instead',
  },
  recovery_code: {
    label: 'Recovery code',
    hint: 'One of the recovery codes you printed or saved when you set up your second factor.',
    switchTo: 'Use your authenticator app instead',
  },
};

/**
 * D51: the password was right and the account has a second factor; nobody is signed in until a code from the
 * authenticator app, a recovery code or a passkey is given. A chunk of its own: most sign-ins never show it.
 */
export function SecondFactorStep(props: Props) {
  const [mode, setMode] = useState<Mode>('code');
  // Each way of answering starts afresh: its own empty field, no message from the other.
  return (
    <CodeForm
      key={mode}
      mode={mode}
      onSwitch={() => setMode(mode === 'code' ? 'recovery_code' : 'code')}
      {...props}
    />
  );
}

function CodeForm({
  name,
  onSignedIn,
  onStartOver,
  mode,
  onSwitch,
}: Props & { mode: Mode; onSwitch: () => void }) {
  const send = useCall(signInWithCode);
  const passkey = useCall(signInWithPasskey);
  const form = useSignInForm<SecondFactorCode>({ [mode]: '' }, (checks) => checks.secondFactorCodeSchema);
  const field = FIELDS[mode];
  const failure = send.error ?? passkey.error;

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          passkey.reset();
          send.mutate(values, { onSuccess: onSignedIn });
        })(event)
      }
    >
      <Typography sx={{ mb: 1 }}>
        {name ? `Welcome, ${name}. ` : ''}
        {mode === 'code'
          ? 'Open your authenticator app and enter the code it shows for this portal.'
          : 'Enter one of your recovery codes. Each code works once.'}
      </Typography>
      {failure && (
        <SignInAlert severity="error" sx={{ mb: 1 }}>
          {errorMessage(failure)}
        </SignInAlert>
      )}
      <TextInput
        {...form.field(mode)}
        id={`staff-${mode}`}
        label={field.label}
        autoFocus
        autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
        inputProps={
          mode === 'code'
            ? { inputMode: 'numeric', maxLength: TOTP_DIGITS + 2 }
            : { autoCapitalize: 'none', spellCheck: false }
        }
        error={Boolean(form.errors[mode])}
        helperText={form.errors[mode] ?? field.hint}
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
        Verify
      </Button>
      <Button type="button" fullWidth sx={{ mt: 1 }} onClick={onSwitch}>
        {field.switchTo}
      </Button>
      {browserHasPasskeys() && (
        <Button
          type="button"
          fullWidth
          onClick={() => {
            send.reset();
            passkey.mutate(undefined, { onSuccess: onSignedIn });
          }}
        >
          Use a passkey
        </Button>
      )}
      <Button type="button" fullWidth onClick={onStartOver}>
        Back to username and password
      </Button>
      <SignInOverlay open={send.isPending || passkey.isPending} label="Checking the code" />
    </form>
  );
}
