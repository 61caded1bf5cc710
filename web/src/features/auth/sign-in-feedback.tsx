import type { AlertProps } from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { loadSignInChecks } from '../../api/deferred-checks';
import { lazyScreen } from '../../components/lazy-screen';

interface OverlayProps {
  open: boolean;
  label?: string;
}

/** The message as plain text when the chunk cannot be fetched (the network is down): the form stays. */
function PlainAlert({ children, severity, role = 'alert', sx }: AlertProps) {
  const color =
    severity === 'success' || severity === 'info' ? 'text.primary' : `${severity ?? 'error'}.main`;
  return (
    <Typography role={role} color={color} sx={sx}>
      {children}
    </Typography>
  );
}
const plainParts = { Alert: PlainAlert, LoadingOverlay: () => null };
const loadParts = () => import('./sign-in-feedback-parts').catch(() => plainParts);
const LazyAlert = lazyScreen<'Alert', AlertProps>(loadParts, 'Alert');
const LazyOverlay = lazyScreen<'LoadingOverlay', OverlayProps>(loadParts, 'LoadingOverlay');

const preload = () => {
  void loadSignInChecks().catch(() => undefined);
  void LazyAlert.preload().catch(() => undefined);
};

/**
 * Form props that fetch, at the first key, click or autofill, what a submit needs: the schema, and the
 * message and overlay that may follow. The sign-in page paints without them (ADR 0035).
 */
export const preloadOnFirstInput = { onInput: preload, onPointerDown: preload };

/** MUI's Alert, drawn once its chunk is here (at once after the form has been typed in). */
export function SignInAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <LazyAlert {...props} />
    </Suspense>
  );
}

/** The loading overlay, fetched the first time it opens: closed, it draws nothing. */
export function SignInOverlay({ open, label }: OverlayProps) {
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed && !open) return null;
  return (
    <Suspense fallback={null}>
      <LazyOverlay open={open} label={label} />
    </Suspense>
  );
}
