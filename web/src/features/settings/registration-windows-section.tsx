import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  WINDOW_NOTE_MAX_LENGTH,
  registrationWindowUpdateSchema,
  type RegistrationWindowSetting,
  type SchoolSettings,
} from '@sp/domain';
import { Fragment } from 'react';
import { Controller } from 'react-hook-form';
import { useSaveWindow } from './api/settings-api';
import { textFieldProps } from '../../components/form-schema';
import { SaveStatus, SettingsSection } from './settings-section';
import { useSettingsForm } from './use-settings-form';
import { Trans, useLingui } from '@lingui/react/macro';

/** One form level's window: open or closed, the last day (D13: that day is open), the note to its students. */
function WindowForm({ window }: { window: RegistrationWindowSetting }) {
  const { t } = useLingui();
  const level = window.form_level;
  const save = useSaveWindow();
  const { form, submit } = useSettingsForm(registrationWindowUpdateSchema, save, {
    form_level: level,
    open: window.open,
    deadline: window.deadline,
    note: window.note ?? '',
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`window-${level}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={`window-${level}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          <Trans>Form {level}</Trans>
        </Typography>
        <FormControlLabel
          control={
            <Controller
              control={form.control}
              name="open"
              render={({ field }) => (
                <Switch
                  name={field.name}
                  checked={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              )}
            />
          }
          label={t`Form ${level} registration open`}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          id={`window-${level}-deadline`}
          type="date"
          label={t`Form ${level} deadline`}
          {...textFieldProps(form, 'deadline', t`Open through the end of this day; empty: no deadline.`, {
            // An empty date is no deadline.
            setValueAs: (v: string | null) => v || null,
          })}
          slotProps={{ inputLabel: { shrink: true } }}
          margin="dense"
          sx={{ flex: '1 1 200px' }}
        />
        <Controller
          control={form.control}
          name="note"
          render={({ field: { ref, onChange, ...note }, fieldState: { error } }) => (
            <TextField
              id={`window-${level}-note`}
              label={t`Note to Form ${level} students`}
              {...note}
              inputRef={ref}
              // One line of text: a pasted line break becomes a space.
              onChange={(e) => onChange(e.target.value.replace(/[\r\n]+/g, ' '))}
              multiline
              maxRows={4}
              error={Boolean(error)}
              helperText={
                error?.message ??
                t`Shown above their registration. At most ${WINDOW_NOTE_MAX_LENGTH} characters.`
              }
              margin="dense"
              sx={{ flex: '2 1 260px' }}
            />
          )}
        />
      </Box>
      <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ mt: 1 }}>
        <Trans>Save Form {level}</Trans>
      </Button>
      <SaveStatus mutation={save} />
    </Box>
  );
}

/** D19: registration windows of Forms 1–5; saving takes effect at once for exactly that form's students. */
export function RegistrationWindowsSection({ settings }: { settings: SchoolSettings }) {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Registration windows`} id="settings-windows">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Students can change their registration while their form&apos;s window is open and its deadline has
          not passed. The deadline day counts as open, until midnight at the school.
        </Trans>
      </Typography>
      {settings.registration_windows.map((window, i) => (
        <Fragment key={window.form_level}>
          {i > 0 && <Divider sx={{ my: 2 }} />}
          <WindowForm window={window} />
        </Fragment>
      ))}
    </SettingsSection>
  );
}
