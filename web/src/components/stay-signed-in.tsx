import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { STAY_SIGNED_IN_WARNING_MS, idleTouchMs, staySignedInDueMs } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../api/me';
import { sessionState } from '../api/session-state';

const CHECK_EVERY_MS = 5_000;

/** "in 2 minutes", "in 40 seconds": what is left before the server's idle sign-out, rounded down. */
function timeLeft(ms: number): string {
  if (ms >= 120_000) return `in ${Math.floor(ms / 60_000)} minutes`;
  if (ms >= 60_000) return 'in a minute';
  return `in ${Math.max(0, Math.floor(ms / 10_000) * 10)} seconds`;
}

/**
 * Before the server's idle sign-out (counted from the last request that went through, with the window the
 * server gave in its answers), the portal offers to stay signed in; any signed-in request restarts the
 * server's idle clock.
 */
export function StaySignedIn() {
  const queryClient = useQueryClient();
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
      message={`You will be signed out ${timeLeft(left ?? 0)} because nothing was saved for a while.`}
      action={
        <Button color="inherit" size="small" onClick={() => void stay()}>
          Stay signed in
        </Button>
      }
    />
  );
}
