import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useLingui } from '@lingui/react/macro';
import type { FieldInputProps } from './field-types';

/** A 1/0 flag: a checkbox in a list (immunizations, conditions) or a switch for a yes/no setting. */
export function FlagFieldInput(props: FieldInputProps) {
  const { field, id, value, onChange, onCommit, disabled, error, status, flagStyle = 'checkbox' } = props;
  const { i18n } = useLingui();
  const Control = flagStyle === 'switch' ? Switch : Checkbox;
  const errorId = `${id}-helper-text`;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 42 }}>
        <FormControlLabel
          label={i18n._(field.label)}
          disabled={disabled}
          control={
            <Control
              id={id}
              checked={value === 1}
              onChange={(event) => {
                const next = event.target.checked ? 1 : 0;
                onChange(next);
                onCommit(next);
              }}
              slotProps={{ input: { 'aria-describedby': error ? errorId : undefined } }}
            />
          }
          sx={{ mr: 0 }}
        />
        {status}
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ mt: 0, mb: 1 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
