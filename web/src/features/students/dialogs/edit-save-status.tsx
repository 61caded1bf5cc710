import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';

export type EditStatus =
  { phase: 'idle' } | { phase: 'saving' } | { phase: 'saved' } | { phase: 'failed'; message: string };

/** The Edit Student dialog's status line (spec section 4): 'Updating', then the outcome with its icon. */
export function EditSaveStatus({ status }: { status: EditStatus }) {
  const message = status.phase === 'failed' ? status.message : '';
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}
    >
      {status.phase === 'saving' && (
        <>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">
            <Trans>Updating</Trans>
          </Typography>
        </>
      )}
      {status.phase === 'saved' && (
        <>
          <CheckCircleIcon color="success" aria-hidden />
          <Typography variant="body2">
            <Trans>Updated Successfully.</Trans>
          </Typography>
        </>
      )}
      {status.phase === 'failed' && (
        <>
          <ErrorIcon color="error" aria-hidden />
          <Typography variant="body2" color="error">
            <Trans>Error Occurred. {message}</Trans>
          </Typography>
        </>
      )}
    </Box>
  );
}
