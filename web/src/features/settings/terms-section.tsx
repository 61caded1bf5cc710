import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TERMS_MAX_LENGTH, schoolSettingsUpdateSchema, type SchoolSettings } from '@sp/domain';
import { useSaveSettings } from './api/settings-api';
import { textFieldProps } from '../../components/form-schema';
import { SaveStatus, SettingsSection } from './settings-section';
import { useSettingsForm } from './use-settings-form';

/** D25: the terms students agree to. A change is a new version; earlier agreements keep their own text. */
export function TermsSection({ settings }: { settings: SchoolSettings }) {
  const save = useSaveSettings();
  const { form, submit } = useSettingsForm(schoolSettingsUpdateSchema, save, {
    terms_and_conditions: settings.terms_and_conditions,
  });

  return (
    <SettingsSection title="Terms and conditions" id="settings-terms">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Version {settings.terms_version} is in force. Separate paragraphs with an empty line. A change makes a
        new version: students who already agreed keep the text they agreed to, and their printed form shows
        it.
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          id="settings-terms-text"
          label="Terms and conditions"
          {...textFieldProps(form, 'terms_and_conditions', `At most ${TERMS_MAX_LENGTH} characters.`)}
          multiline
          minRows={6}
          maxRows={20}
          fullWidth
          margin="dense"
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={save.isPending}>
          Save terms
        </Button>
        <SaveStatus mutation={save} saved={`Saved as version ${settings.terms_version}.`} />
      </Box>
    </SettingsSection>
  );
}
