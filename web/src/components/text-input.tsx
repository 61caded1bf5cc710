import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

export interface TextInputProps extends Omit<OutlinedInputProps, 'id' | 'label' | 'fullWidth' | 'margin'> {
  id: string;
  label: string;
  helperText?: ReactNode;
  margin?: 'none' | 'dense' | 'normal';
  /** Keep the label above the box, for inputs that always show something (date inputs). */
  shrinkLabel?: boolean;
}

/**
 * An outlined, labelled text input with helper text, like MUI's TextField without its select mode: TextField
 * always bundles Select, Menu and Popover, which the sign-in screens do not need to download.
 */
export function TextInput(props: TextInputProps) {
  const { id, label, helperText, error, margin = 'normal', shrinkLabel, ...input } = props;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl error={error} fullWidth margin={margin} variant="outlined">
      <InputLabel htmlFor={id} {...(shrinkLabel ? { shrink: true } : {})}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperId}
        {...(shrinkLabel ? { notched: true } : {})}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
