import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { DEMOGRAPHIC_MAX_LENGTH, PHONE_PREFIX, messages, phoneDigitsFrom } from '@sp/domain';
import type { ChangeEvent, FocusEvent, KeyboardEvent } from 'react';
import { blockNonDigitKeys, digitsOnly } from './digits';
import type { FieldInputProps } from './field-types';

/** Room for a number with its prefix, spaces and dashes; longer is no phone number. */
const PHONE_ENTRY_MAX_LENGTH = 20;

function hintFor(control: string): string | undefined {
  if (control === 'phone') return messages.phoneHint;
  if (control === 'number') return messages.numberHint;
  return undefined;
}

/**
 * Text, multi-line text, e-mail, phone (fixed 1868 prefix, 7 digits), small numbers and dates. Dates are the
 * browser's own date input: the phone's native picker, labelled like any box, and no date library to load.
 */
export function TextFieldInput(props: FieldInputProps) {
  const { field, id, value, onChange, onCommit, disabled, error, status, maxDate } = props;
  const { control } = field;
  const { t, i18n } = useLingui();
  const hint = hintFor(control);
  const phone = control === 'phone';
  const digits = control === 'number' ? DEMOGRAPHIC_MAX_LENGTH : 0;
  const text = typeof value === 'string' ? value : String(value);

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const entry = event.target.value;
    onChange(phone ? phoneDigitsFrom(entry) : digits ? digitsOnly(entry, digits) : entry);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (control === 'date' && event.target instanceof HTMLInputElement && event.target.validity.badInput) {
      // A native date box whose day, month or year is missing holds '' and says so through `badInput`.
      onCommit('', messages.dateIncomplete);
      return;
    }
    onCommit(event.target.value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (phone || digits) blockNonDigitKeys(event);
    // Enter in a one-line box saves it, as leaving it would.
    if (event.key === 'Enter' && control !== 'textarea' && event.target instanceof HTMLInputElement)
      onCommit(event.target.value);
  };

  return (
    <TextField
      id={id}
      label={i18n._(field.label)}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      disabled={disabled}
      error={Boolean(error)}
      // A hint is for typing; a disabled box shows none (its greyed text would also fail contrast).
      helperText={error || (disabled || !hint ? undefined : i18n._(hint))}
      fullWidth
      margin="dense"
      type={control === 'email' ? 'email' : control === 'date' ? 'date' : 'text'}
      multiline={control === 'textarea'}
      minRows={control === 'textarea' ? 3 : undefined}
      slotProps={{
        inputLabel: control === 'date' || disabled ? { shrink: true } : undefined,
        input: {
          startAdornment:
            control === 'phone' ? (
              <InputAdornment position="start">{PHONE_PREFIX}</InputAdornment>
            ) : undefined,
          endAdornment: status ? <InputAdornment position="end">{status}</InputAdornment> : undefined,
        },
        htmlInput: {
          // A read-only field that holds nothing says so, so its label is not taken for a value.
          placeholder: disabled && !text ? t`Not provided` : undefined,
          // A phone box takes a pasted "1 868 678-1234" whole; the digits are worked out from it.
          maxLength: phone ? PHONE_ENTRY_MAX_LENGTH : digits || field.maxLength,
          inputMode: phone || digits ? 'numeric' : control === 'email' ? 'email' : undefined,
          max: control === 'date' ? maxDate : undefined,
          autoComplete: control === 'email' ? 'email' : undefined,
        },
      }}
    />
  );
}
