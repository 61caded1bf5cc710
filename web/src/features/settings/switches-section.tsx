import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { SchoolSettings } from '@sp/domain';
import { useSaveSettings } from './api/settings-api';
import { SaveStatus, SettingsSection } from './settings-section';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const SWITCHES = [
  {
    name: 'id_lookup_enabled',
    label: msg`Students can look up their student ID`,
    hint: msg`The student sign-in screen offers a search by name and date of birth.`,
  },
  {
    name: 'learning_challenges_enabled',
    label: msg`Ask about learning challenges`,
    hint: msg`The Health step and the printed form list dyslexia, ADHD, autism and the others.`,
  },
  {
    name: 'missed_exam_counts_as_zero',
    label: msg`A mark written ABS (course or exam) counts as 0 in the average`,
    hint: msg`Off: a subject with an ABS mark is left out of the average, and the report card says "average of N subjects".`,
  },
  {
    name: 'sixth_form',
    label: msg`The school has a sixth form (Lower and Upper Sixth)`,
    hint: msg`At the new school year, Form 5 students marked for the sixth form move into Lower Sixth, and Lower Sixth into Upper Sixth.`,
  },
] as const;

/** The two switches of D19, each saved as soon as it is flipped. */
export function SwitchesSection({ settings }: { settings: SchoolSettings }) {
  const { t } = useLingui();
  const save = useSaveSettings();
  return (
    <SettingsSection title={t`Features`} id="settings-features">
      <FormGroup>
        {SWITCHES.map(({ name, label, hint }) => (
          <div key={name}>
            <FormControlLabel
              control={
                <Switch
                  checked={save.isPending ? (save.variables[name] ?? settings[name]) : settings[name]}
                  disabled={save.isPending}
                  onChange={(e) => save.mutate({ [name]: e.target.checked })}
                  slotProps={{ input: { 'aria-describedby': `${name}-hint` } }}
                />
              }
              label={t(label)}
            />
            <FormHelperText id={`${name}-hint`} sx={{ mt: -0.5, mb: 1 }}>
              {t(hint)}
            </FormHelperText>
          </div>
        ))}
      </FormGroup>
      <SaveStatus mutation={save} />
    </SettingsSection>
  );
}
