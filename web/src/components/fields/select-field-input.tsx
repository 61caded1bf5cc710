import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import type { FieldInputProps, SelectOption } from './field-types';

/** The choices to list: a saved value missing from the list (still loading, or since removed) stays shown. */
function choices(options: readonly SelectOption[], value: string): readonly SelectOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [{ value, label: value }, ...options];
}

/**
 * A select of fixed choices or of a lookup list. The browser's own select: on a phone it opens the system
 * picker (easy with a long list such as the towns) and typing a letter jumps to it everywhere.
 */
export function SelectFieldInput(props: FieldInputProps) {
  const { field, id, value, onChange, onCommit, disabled, error, status, options = [], optionsError } = props;
  const { t, i18n } = useLingui();
  const text = String(value);
  return (
    <>
      <TextField
        id={id}
        select
        label={i18n._(field.label)}
        value={text}
        onChange={(event) => {
          onChange(event.target.value);
          onCommit(event.target.value);
        }}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error || undefined}
        fullWidth
        margin="dense"
        // The save mark lines up with those of the text boxes; the arrow sits just before it.
        sx={{
          '& .MuiInputBase-root .MuiInputAdornment-positionEnd': { right: 14 },
          '& .MuiNativeSelect-icon': { right: 42 },
        }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: Boolean(text) || disabled || undefined },
          input: {
            endAdornment: status ? <InputAdornment position="end">{status}</InputAdornment> : undefined,
          },
        }}
      >
        {/* A read-only field that holds nothing says so, so its label is not taken for a value. */}
        {disabled ? <option value="">{t`Not provided`}</option> : <option value="" aria-label={t`None`} />}
        {choices(options, text).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
      {optionsError && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={optionsError.onRetry}>
              {t`Retry`}
            </Button>
          }
        >
          {optionsError.message}
        </Alert>
      )}
    </>
  );
}
