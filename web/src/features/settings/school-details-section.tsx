import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  SCHOOL_ADDRESS_MAX_LENGTH,
  SCHOOL_MOTTO_MAX_LENGTH,
  SCHOOL_NAME_MAX_LENGTH,
  schoolSettingsUpdateSchema,
  type SchoolSettings,
} from '@sp/domain';
import { useSaveSettings } from './api/settings-api';
import { textFieldProps } from '../../components/form-schema';
import { SaveStatus, SettingsSection } from './settings-section';
import { useSettingsForm } from './use-settings-form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const FIELDS = [
  { name: 'school_name', label: msg`School name`, max: SCHOOL_NAME_MAX_LENGTH },
  { name: 'school_address', label: msg`Address`, max: SCHOOL_ADDRESS_MAX_LENGTH },
  { name: 'school_motto', label: msg`Motto`, max: SCHOOL_MOTTO_MAX_LENGTH },
] as const;

/** Name, address and motto: the top bar, the sign-in screens and every printed document show them. */
export function SchoolDetailsSection({ settings }: { settings: SchoolSettings }) {
  const { t } = useLingui();
  const save = useSaveSettings();
  const { form, submit } = useSettingsForm(schoolSettingsUpdateSchema, save, {
    school_name: settings.school_name,
    school_address: settings.school_address,
    school_motto: settings.school_motto,
  });

  return (
    <SettingsSection title={t`School`} id="settings-school">
      <Box component="form" noValidate onSubmit={submit}>
        {FIELDS.map(({ name, label, max }) => (
          <TextField
            key={name}
            id={`settings-${name}`}
            label={t(label)}
            {...textFieldProps(form, name, t`At most ${max} characters.`)}
            required={name === 'school_name'}
            fullWidth
            margin="dense"
          />
        ))}
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={save.isPending}>
          <Trans>Save school details</Trans>
        </Button>
        <SaveStatus mutation={save} />
      </Box>
    </SettingsSection>
  );
}
