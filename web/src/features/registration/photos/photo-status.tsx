import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import type { usePhotoPages } from './use-photo-pages';

/** What is being done to a chosen photo (with Cancel), what it came to, or why it failed. */
export function PhotoStatus({ pages }: { pages: ReturnType<typeof usePhotoPages> }) {
  return (
    <>
      {pages.stage !== null && (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography variant="body2">{pages.stage}</Typography>
          <LinearProgress
            variant={pages.progress === null ? 'indeterminate' : 'determinate'}
            value={pages.progress ?? 0}
            aria-label={pages.stage}
          />
        </Box>
      )}
      {pages.working && (
        <Button onClick={pages.cancel} sx={{ mt: 1 }}>
          <Trans>Cancel</Trans>
        </Button>
      )}
      {pages.note && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {pages.note}
        </Typography>
      )}
      {pages.error && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {pages.error}
        </Alert>
      )}
    </>
  );
}
