import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { STAY_SIGNED_IN_WARNING_MS, idleTouchMs, staySignedInDueMs } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../api/me';
import { sessionState } from '../api/session-state';

const CHECK_EVERY_MS = 5_000;

/** "in 2 minutes", "in 40 seconds": what is left before the server's idle sign-out, rounded down. */
function warning(ms: number) {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.max(0, Math.floor(ms / 10_000) * 10);
  if (ms >= 120_000)
    return msg`You will be signed out in ${minutes} minutes because nothing was saved for a while.`;
  if (ms >= 60_000) return msg`You will be signed out in a minute because nothing was saved for a while.`;
  return msg`You will be signed out in ${seconds} seconds because nothing was saved for a while.`;
}

/**
 * Before the server's idle sign-out (counted from the last request that went through, with the window the
 * server gave in its answers), the portal offers to stay signed in; any signed-in request restarts the
 * server's idle clock.
 */
export function StaySignedIn() {
  const queryClient = useQueryClient();
  const { t, i18n } = useLingui();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const check = () => {
      const idleMs = sessionState.idleMs();
      const since = Date.now() - sessionState.lastSuccessAt();
      const signOutIn = idleMs - idleTouchMs(idleMs) - since;
      setLeft(since >= staySignedInDueMs(idleMs, STAY_SIGNED_IN_WARNING_MS) ? signOutIn : null);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const stay = async () => {
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => undefined);
    setLeft(null);
  };

  return (
    <Snackbar
      open={left !== null && !sessionState.isExpired()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={i18n._(warning(left ?? 0))}
      action={
        <Button color="inherit" size="small" onClick={() => void stay()}>
          {t`Stay signed in`}
        </Button>
      }
    />
  );
}
