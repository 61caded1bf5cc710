import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import type { UnsavedChanges } from './unsaved-changes';

/** How long a move to another page waits for saves under way before it asks. */
export const LEAVE_WAIT_MS = 8000;

/** A move that leaves unsaved values behind on purpose: the session ended, or another student signed in. */
const sessionEnded = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && ('sessionExpired' in state || 'discardChanges' in state);

/**
 * D14: leaving with changes that are not on the server warns first. A reload or a closed tab gets the
 * browser's own question; a move inside the app waits for saves under way and asks only if something
 * is still unsaved (failed, refused, or not valid) — a Next click right after typing just goes on.
 */
export function LeaveGuard({ changes }: { changes: UnsavedChanges }) {
  const { t } = useLingui();
  const hasAny = useSyncExternalStore(changes.subscribe, changes.hasAny);
  const hasUnsaved = useSyncExternalStore(changes.subscribe, changes.hasUnsaved);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changes.hasAny() &&
      currentLocation.pathname !== nextLocation.pathname &&
      !sessionEnded(nextLocation.state),
  );
  const [timedOutKey, setTimedOutKey] = useState<string | null>(null);
  const blockedKey = blocker.state === 'blocked' ? blocker.location.key : null;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!changes.hasAny()) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [changes]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !hasAny) blocker.proceed();
  }, [blocker, hasAny]);

  useEffect(() => {
    if (!blockedKey) return;
    const timer = setTimeout(() => setTimedOutKey(blockedKey), LEAVE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [blockedKey]);

  const open = blockedKey !== null && hasAny && (hasUnsaved || timedOutKey === blockedKey);
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-describedby="leave-guard-text">
      <DialogTitle>{t`Leave this page?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-guard-text">
          <Trans>Some of your changes are not saved yet. If you leave now, they will be lost.</Trans>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t`Stay on this page`}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t`Leave anyway`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
