import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TERMS_MAX_LENGTH, schoolSettingsUpdateSchema, type SchoolSettings } from '@sp/domain';
import { useSaveSettings } from './api/settings-api';
import { textFieldProps } from '../../components/form-schema';
import { SaveStatus, SettingsSection } from './settings-section';
import { useSettingsForm } from './use-settings-form';
import { Trans, useLingui } from '@lingui/react/macro';

/** D25: the terms students agree to. A change is a new version; earlier agreements keep their own text. */
export function TermsSection({ settings }: { settings: SchoolSettings }) {
  const { t } = useLingui();
  const save = useSaveSettings();
  const { form, submit } = useSettingsForm(schoolSettingsUpdateSchema, save, {
    terms_and_conditions: settings.terms_and_conditions,
    terms_and_conditions_es: settings.terms_and_conditions_es ?? '',
  });
  const version = settings.terms_version;

  return (
    <SettingsSection title={t`Terms and conditions`} id="settings-terms">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Version {version} is in force. Separate paragraphs with an empty line. A change makes a new version:
          students who already agreed keep the text they agreed to, and their printed form shows it.
        </Trans>
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          id="settings-terms-text"
          label={t`Terms and conditions`}
          {...textFieldProps(form, 'terms_and_conditions', t`At most ${TERMS_MAX_LENGTH} characters.`)}
          multiline
          minRows={6}
          maxRows={20}
          fullWidth
          margin="dense"
        />
        <TextField
          id="settings-terms-text-es"
          label={t`Terms and conditions in Spanish (optional)`}
          lang="es"
          {...textFieldProps(
            form,
            'terms_and_conditions_es',
            t`Shown to families who use the portal in Spanish; empty: they read the English, with a note. Keep it a translation of the English above.`,
          )}
          multiline
          minRows={4}
          maxRows={20}
          fullWidth
          margin="dense"
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={save.isPending}>
          <Trans>Save terms</Trans>
        </Button>
        <SaveStatus mutation={save} saved={t`Saved as version ${version}.`} />
      </Box>
    </SettingsSection>
  );
}
