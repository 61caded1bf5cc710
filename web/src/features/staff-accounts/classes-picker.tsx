import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { staffMessages } from '@sp/domain';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFormClasses } from '../../components/lookups/get-lookup';
import { useLingui } from '@lingui/react/macro';

interface Props {
  value: string[];
  onChange: (classes: string[]) => void;
  error?: string | undefined;
}

/** D44: optional classes a staff member enters marks for; none = the whole school. */
export function ClassesPicker({ value, onChange, error }: Props) {
  const { t } = useLingui();
  const classes = useFormClasses();
  return (
    <TextField
      id="staff-classes"
      select
      fullWidth
      margin="normal"
      label={t`Classes (optional)`}
      value={value}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        onChange(typeof v === 'string' ? v.split(',') : v);
      }}
      error={Boolean(error)}
      helperText={error ?? staffMessages.classesHint}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as string[]).length ? (selected as string[]).join(', ') : t`None`,
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
    >
      {(classes.data ?? []).map((c) => (
        <MenuItem key={c.class_id} value={c.class_id}>
          <Checkbox checked={value.includes(c.class_id)} size="small" sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={c.class_id} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The picker as a field of a dialog's form (ADR 0035), with the schema's message under it. */
export function ClassesField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ClassesPicker
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
