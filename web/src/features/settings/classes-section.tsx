import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CLASS_FORM_LEVELS,
  CLASS_ID_MAX_LENGTH,
  classCreateSchema,
  formLevelName,
  type FormClass,
} from '@sp/domain';
import { Controller } from 'react-hook-form';
import { FormRow } from '../../components/form-row';
import { FormServerError } from '../../components/form-server-error';
import { useFormClasses } from '../../components/lookups/get-lookup';
import { textFieldProps } from '../../components/form-schema';
import { useAddClass, useRemoveClass } from './api/classes-api';
import { SettingsSection } from './settings-section';
import { useSettingsForm } from './use-settings-form';
import { Trans, useLingui } from '@lingui/react/macro';

/** A class is added with its form; the id is kept on a refusal so the office can correct it. */
function AddClassForm() {
  const { t } = useLingui();
  const add = useAddClass();
  const { form, submit } = useSettingsForm(classCreateSchema, add, { class_id: '', form_level: 1 });
  const addedId = add.data?.class_id;
  return (
    <>
      <FormRow onSubmit={async (e) => submit(e)} alignItems="flex-start" mt={2}>
        <TextField
          id="class-id"
          label={t`New class`}
          size="small"
          {...textFieldProps(
            form,
            'class_id',
            t`Letters or digits, up to ${CLASS_ID_MAX_LENGTH}, such as 3C.`,
          )}
          slotProps={{ htmlInput: { maxLength: CLASS_ID_MAX_LENGTH, autoCapitalize: 'characters' } }}
          sx={{ flex: '1 1 160px' }}
        />
        <Controller
          control={form.control}
          name="form_level"
          render={({ field: { ref, ...field }, fieldState: { error } }) => (
            <TextField
              id="class-form-level"
              select
              label={t`Form`}
              size="small"
              {...field}
              inputRef={ref}
              error={Boolean(error)}
              helperText={error?.message}
              sx={{ flex: '1 1 160px' }}
            >
              {CLASS_FORM_LEVELS.map((level) => (
                <MenuItem key={level} value={level}>
                  {formLevelName(level)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="outlined" disabled={add.isPending}>
          <Trans>Add class</Trans>
        </Button>
      </FormRow>
      <FormServerError error={add.error} sx={{ mt: 2 }} />
      {add.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }}>
          <Trans>Class {addedId} added. It can be chosen at once.</Trans>
        </Alert>
      )}
    </>
  );
}

const byForm = (classes: readonly FormClass[]) =>
  CLASS_FORM_LEVELS.map((level) => ({
    level,
    classes: classes.filter((c) => c.form_level === level),
  })).filter((g) => g.classes.length > 0);

/** The school's classes by form; a class nothing uses can be removed, else the server says what uses it. */
export function ClassesSection() {
  const { t } = useLingui();
  const classes = useFormClasses();
  const remove = useRemoveClass();
  const removedId = remove.data?.class_id;
  return (
    <SettingsSection title={t`Classes`} id="settings-classes">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          The classes students, staff and the new school year can be placed in. A class can be removed while
          no student, class move, staff account or term result uses it.
        </Trans>
      </Typography>
      {classes.isError && <FormServerError error={classes.error} />}
      {classes.data?.length === 0 && (
        <Typography variant="body2">
          <Trans>No classes yet.</Trans>
        </Typography>
      )}
      {byForm(classes.data ?? []).map(({ level, classes: list }) => (
        <Box key={level} component="section" aria-labelledby={`classes-form-${level}`} sx={{ mt: 1 }}>
          <Typography id={`classes-form-${level}`} variant="subtitle2" component="h3">
            {formLevelName(level)}
          </Typography>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {list.map((c) => {
              const classId = c.class_id;
              return (
                <Box
                  component="li"
                  key={c.class_id}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 4,
                    pl: 1.5,
                  }}
                >
                  <Typography variant="body2">{c.class_id}</Typography>
                  <IconButton
                    size="small"
                    aria-label={t`Remove class ${classId}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(c.class_id)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
      <FormServerError error={remove.error} sx={{ mt: 2 }} />
      {remove.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }}>
          <Trans>Class {removedId} removed.</Trans>
        </Alert>
      )}
      <AddClassForm />
    </SettingsSection>
  );
}
