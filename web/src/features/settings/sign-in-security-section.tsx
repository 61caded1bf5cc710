import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  SECOND_FACTOR_POLICIES,
  SECOND_FACTOR_POLICY_LABELS,
  type SchoolSettings,
  type SecondFactorPolicy,
} from '@sp/domain';
import { useSaveSettings } from './api/settings-api';
import { SaveStatus, SettingsSection } from './settings-section';
import { Trans, useLingui } from '@lingui/react/macro';

const isPolicy = (v: string): v is SecondFactorPolicy =>
  (SECOND_FACTOR_POLICIES as readonly string[]).includes(v);

/** Who must have a second factor (D51), saved as soon as it is chosen. */
export function SignInSecuritySection({ settings }: { settings: SchoolSettings }) {
  const { t } = useLingui();
  const save = useSaveSettings();
  const policy = (save.isPending && save.variables.second_factor_policy) || settings.second_factor_policy;
  return (
    <SettingsSection title={t`Sign-in security`} id="settings-sign-in-security">
      <FormControl disabled={save.isPending}>
        <FormLabel id="second-factor-policy-label">
          <Trans>Second factor for staff accounts</Trans>
        </FormLabel>
        <RadioGroup
          aria-labelledby="second-factor-policy-label"
          aria-describedby="second-factor-policy-hint"
          name="second_factor_policy"
          value={policy}
          onChange={(e) => {
            if (isPolicy(e.target.value)) save.mutate({ second_factor_policy: e.target.value });
          }}
        >
          {SECOND_FACTOR_POLICIES.map((p) => (
            <FormControlLabel key={p} value={p} control={<Radio />} label={SECOND_FACTOR_POLICY_LABELS[p]} />
          ))}
        </RadioGroup>
        <FormHelperText id="second-factor-policy-hint" sx={{ mx: 0 }}>
          <Trans>
            A second factor is an authenticator app or a passkey. Accounts the rule covers that have none are
            sent to set one up at their next sign-in.
          </Trans>
        </FormHelperText>
      </FormControl>
      <SaveStatus mutation={save} />
    </SettingsSection>
  );
}
