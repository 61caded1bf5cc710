import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { DEFAULT_SESSION_IDLE_MINUTES, STAY_SIGNED_IN_WARNING_MS } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../api/me';
import { sessionState } from '../api/session-state';

const CHECK_EVERY_MS = 10_000;
const idleMs = DEFAULT_SESSION_IDLE_MINUTES * 60_000;

/**
 * Two minutes before the server's idle sign-out (counted from the last request that went through), the
 * portal offers to stay signed in; any signed-in request restarts the server's idle clock.
 */
export function StaySignedIn() {
  const queryClient = useQueryClient();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const check = () =>
      setDue(Date.now() - sessionState.lastSuccessAt() >= idleMs - STAY_SIGNED_IN_WARNING_MS);
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const stay = async () => {
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => undefined);
    setDue(false);
  };

  return (
    <Snackbar
      open={due && !sessionState.isExpired()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="You will be signed out in 2 minutes because nothing was saved for a while."
      action={
        <Button color="inherit" size="small" onClick={() => void stay()}>
          Stay signed in
        </Button>
      }
    />
  );
}
