import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useLingui } from '@lingui/react/macro';
import type { AutosaveSnapshot } from './autosave-machine';

type Props = Pick<AutosaveSnapshot, 'phase' | 'spinner' | 'retrying'>;

/**
 * A field's save mark (spec section 4): a spinner once a save has waited 600 ms, then a green check or a red
 * alert. Each has a text alternative, and the slot is a polite live region so the outcome is announced.
 * The slot keeps its width when empty, so the field does not jump when a mark appears.
 */
export function SaveStatusIcon({ phase, spinner, retrying }: Props) {
  const { t } = useLingui();
  let mark = null;
  if (phase === 'saving' && spinner) mark = <CircularProgress size={20} aria-label={t`Saving`} />;
  else if (phase === 'saved') mark = <CheckCircleIcon color="success" titleAccess={t`Saved`} />;
  else if (phase === 'failed')
    mark = <ErrorIcon color="error" titleAccess={retrying ? t`Not saved — retrying` : t`Not saved`} />;
  return (
    <Box
      component="span"
      role="status"
      sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 24, height: 24 }}
    >
      {mark}
    </Box>
  );
}
