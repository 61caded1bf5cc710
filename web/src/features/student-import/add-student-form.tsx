import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { IMPORT_COLUMNS, newStudentSchema, type ImportField, type NewStudent } from '@sp/domain';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ApiError, errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { useLookupOptions } from '../../components/lookups/get-lookup';
import { TextInput } from '../../components/text-input';
import { useAddStudent } from './api/add-student';
import { Trans, useLingui } from '@lingui/react/macro';

type Values = Record<ImportField, string>;
const empty = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.name, ''])) as Values;
const LABEL = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.name, c.label])) as Record<ImportField, string>;
const REQUIRED = new Set<ImportField>(['id', 'last_name', 'first_name', 'class_id', 'date_of_birth']);
const TEXT_FIELDS: { name: ImportField; autoComplete?: string }[] = [
  { name: 'id' },
  { name: 'last_name', autoComplete: 'off' },
  { name: 'first_name', autoComplete: 'off' },
  { name: 'sea_no' },
];

/** The fields of one import row, checked by the same schema the server uses (D15). */
export function AddStudentForm({ onAdded }: { onAdded: (id: string, message: string) => void }) {
  const { t } = useLingui();
  // A date of birth may not be after today at the school, as the server checks it.
  const today = useSchoolTime()?.today() ?? '';
  const schema = useMemo(() => newStudentSchema(today), [today]);
  const form = useForm<Values, unknown, NewStudent>({
    // The schema takes any input (file cells too); the form's values are all text.
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, NewStudent>,
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const add = useAddStudent();
  const classes = useLookupOptions('formClasses');
  const houses = useLookupOptions('houses');

  const submit = (values: NewStudent) =>
    add.mutate(values, {
      onSuccess: (result) => onAdded(result.id, result.message),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const e of error.fieldErrors)
          if (e.field && e.field in empty) form.setError(e.field as ImportField, { message: e.message });
      },
    });

  const props = (name: ImportField) => {
    const { ref, ...field } = form.register(name);
    return {
      ...field,
      inputRef: ref,
      id: `add-${name}`,
      label: `${LABEL[name]}${REQUIRED.has(name) ? ' *' : ''}`,
      margin: 'dense' as const,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
    };
  };

  const select = (name: 'class_id' | 'house_code', options: { value: string; label: string }[] = []) => {
    const { inputRef, id, helperText, ...rest } = props(name);
    return (
      <TextField
        {...rest}
        select
        fullWidth
        inputRef={inputRef}
        id={id}
        helperText={helperText}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{name === 'house_code' ? t`(none)` : t`Choose a class`}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </TextField>
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      {TEXT_FIELDS.map(({ name, autoComplete }) => (
        <TextInput key={name} {...props(name)} autoComplete={autoComplete} />
      ))}
      {select('class_id', classes.data)}
      <TextInput {...props('date_of_birth')} type="date" shrinkLabel inputProps={{ max: today }} />
      {select('house_code', houses.data)}
      <TextInput {...props('entry_date')} type="date" shrinkLabel />
      {add.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(add.error)}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" sx={{ mt: 2 }} disabled={add.isPending}>
        <Trans>Add student</Trans>
      </Button>
    </Box>
  );
}
