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
import { useState } from 'react';
import { useSaveSettings } from './api/settings-api';
import { SaveStatus, SettingsSection, useCheckedSave } from './settings-section';

const FIELDS = [
  { name: 'school_name', label: 'School name', max: SCHOOL_NAME_MAX_LENGTH },
  { name: 'school_address', label: 'Address', max: SCHOOL_ADDRESS_MAX_LENGTH },
  { name: 'school_motto', label: 'Motto', max: SCHOOL_MOTTO_MAX_LENGTH },
] as const;
type Name = (typeof FIELDS)[number]['name'];

/** Name, address and motto: the top bar, the sign-in screens and every printed document show them. */
export function SchoolDetailsSection({ settings }: { settings: SchoolSettings }) {
  const [values, setValues] = useState<Record<Name, string>>({
    school_name: settings.school_name,
    school_address: settings.school_address,
    school_motto: settings.school_motto,
  });
  const save = useSaveSettings();
  const { errors, submit } = useCheckedSave(schoolSettingsUpdateSchema, save);

  return (
    <SettingsSection title="School" id="settings-school">
      <Box component="form" noValidate onSubmit={submit(values)}>
        {FIELDS.map(({ name, label, max }) => (
          <TextField
            key={name}
            id={`settings-${name}`}
            label={label}
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            error={Boolean(errors[name])}
            helperText={errors[name] ?? `At most ${max} characters.`}
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
