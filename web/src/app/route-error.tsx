import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/** The detail as plain text: until MUI's Alert has come, or if this release's chunks are gone. */
function PlainAlert({ children }: { children?: ReactNode }) {
  return (
    <Typography role="alert" color="error" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}

// The Alert is not on the first screen (ADR 0035); this page must show even when no chunk can be fetched.
const Alert = lazy(() => import('@mui/material/Alert').catch(() => ({ default: PlainAlert })));

/** Shown when a screen fails to load or render, e.g. a chunk of an older release is gone after an update. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useLingui();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t`The page could not be shown. Reloading usually fixes this.`;
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        <Trans>Something went wrong</Trans>
      </Typography>
      <Suspense fallback={<PlainAlert>{detail}</PlainAlert>}>
        <Alert severity="error" sx={{ mb: 2 }}>
          {detail}
        </Alert>
      </Suspense>
      <Button variant="contained" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </Button>
    </Box>
  );
}
