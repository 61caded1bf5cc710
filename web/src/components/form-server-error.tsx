import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../api/client';

interface Props {
  /** The failed call's error (a mutation's `error`); nothing is shown while there is none. */
  error: unknown;
  sx?: SxProps<Theme>;
}

/**
 * What the server said when a dialog's form was refused, in one place for every dialog: its fields have
 * been checked with the shared schema before sending (react-hook-form + zodResolver), so what is left to
 * show is the server's own answer (spec section 8).
 */
export function FormServerError({ error, sx }: Props) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={sx}>
      {errorMessage(error)}
    </Alert>
  );
}
