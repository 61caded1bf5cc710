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

const FIELDS = [
  { name: 'school_name', label: 'School name', max: SCHOOL_NAME_MAX_LENGTH },
  { name: 'school_address', label: 'Address', max: SCHOOL_ADDRESS_MAX_LENGTH },
  { name: 'school_motto', label: 'Motto', max: SCHOOL_MOTTO_MAX_LENGTH },
] as const;

/** Name, address and motto: the top bar, the sign-in screens and every printed document show them. */
export function SchoolDetailsSection({ settings }: { settings: SchoolSettings }) {
  const save = useSaveSettings();
  const { form, submit } = useSettingsForm(schoolSettingsUpdateSchema, save, {
    school_name: settings.school_name,
    school_address: settings.school_address,
    school_motto: settings.school_motto,
  });

  return (
    <SettingsSection title="School" id="settings-school">
      <Box component="form" noValidate onSubmit={submit}>
        {FIELDS.map(({ name, label, max }) => (
          <TextField
            key={name}
            id={`settings-${name}`}
            label={label}
            {...textFieldProps(form, name, `At most ${max} characters.`)}
            required={name === 'school_name'}
            fullWidth
            margin="dense"
          />
        ))}
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={save.isPending}>
          Save school details
        </Button>
        <SaveStatus mutation={save} />
      </Box>
    </SettingsSection>
  );
}
