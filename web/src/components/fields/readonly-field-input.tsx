import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './field-types';

/** Set by the school (class, house): shown, never edited; a lookup value is shown by its name. */
export function ReadonlyFieldInput({ field, id, value, options = [] }: FieldInputProps) {
  const text = String(value);
  const shown = options.find((o) => o.value === text)?.label ?? text;
  return (
    <TextField
      id={id}
      label={field.label}
      value={shown}
      disabled
      fullWidth
      margin="dense"
      slotProps={{ inputLabel: { shrink: Boolean(shown) || undefined } }}
    />
  );
}
