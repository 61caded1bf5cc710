import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TERMS_MAX_LENGTH, schoolSettingsUpdateSchema, type SchoolSettings } from '@sp/domain';
import { useState } from 'react';
import { useSaveSettings } from './api/settings-api';
import { SaveStatus, SettingsSection, useCheckedSave } from './settings-section';

/** D25: the terms students agree to. A change is a new version; earlier agreements keep their own text. */
export function TermsSection({ settings }: { settings: SchoolSettings }) {
  const [text, setText] = useState(settings.terms_and_conditions);
  const save = useSaveSettings();
  const { errors, submit } = useCheckedSave(schoolSettingsUpdateSchema, save);

  return (
    <SettingsSection title="Terms and conditions" id="settings-terms">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Version {settings.terms_version} is in force. Separate paragraphs with an empty line. A change makes a
        new version: students who already agreed keep the text they agreed to, and their printed form shows
        it.
      </Typography>
      <Box component="form" noValidate onSubmit={submit({ terms_and_conditions: text })}>
        <TextField
          id="settings-terms-text"
          label="Terms and conditions"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(errors.terms_and_conditions)}
          helperText={errors.terms_and_conditions ?? `At most ${TERMS_MAX_LENGTH} characters.`}
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
