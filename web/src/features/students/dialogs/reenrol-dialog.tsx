import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enrolMessages, enrolStudentSchema, type AdminStudent } from '@sp/domain';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormServerError } from '../../../components/form-server-error';
import { showServerFieldErrors, useSchemaForm } from '../../../components/form-schema';
import { formClassesQuery } from '../../../components/lookups/get-lookup';
import { useReenrolStudent } from '../api/student-actions';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  student: AdminStudent;
  /** The current year's label, "2026-2027". */
  yearLabel: string;
  onClose: () => void;
}

/** A student of a closed year who is not enrolled this year comes back in a class (D49). */
export function ReenrolDialog({ student, yearLabel, onClose }: Props) {
  const { t } = useLingui();
  const enrol = useReenrolStudent();
  const classes = useQuery(formClassesQuery);
  const form = useSchemaForm(enrolStudentSchema, { defaultValues: { class_id: '' } });
  const name = `${student.first_name} ${student.last_name}`;
  const studentId = student.id;
  const submit = form.handleSubmit((body) =>
    enrol.mutate(
      { studentId: student.id, body },
      { onSuccess: onClose, onError: (error) => showServerFieldErrors(form, error) },
    ),
  );
  return (
    <FormDialog
      titleId="reenrol-title"
      title={`${enrolMessages.action(yearLabel)}: ${name}`}
      pending={enrol.isPending}
      onClose={onClose}
      onSubmit={submit}
      submit={t`Re-enrol`}
    >
      <Typography sx={{ mb: 1 }}>
        <Trans>
          {name} ({studentId}) is not enrolled in {yearLabel}. Choose the class they join; they can sign in
          and register again.
        </Trans>
      </Typography>
      <Controller
        control={form.control}
        name="class_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            id="reenrol-class"
            label={t`Class`}
            {...field}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            fullWidth
            margin="normal"
          >
            {(classes.data ?? []).map((c) => (
              <MenuItem key={c.class_id} value={c.class_id}>
                {c.class_id}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormServerError error={enrol.error} />
    </FormDialog>
  );
}
