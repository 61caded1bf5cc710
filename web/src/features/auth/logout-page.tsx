import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LOGOUT_DELAY_MS } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearSession, reloadAtSignIn } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useDocumentTitle } from '../../components/use-document-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { signOut } from './api/sign-out';
import { useLingui } from '@lingui/react/macro';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The longest we wait for the server before leaving anyway. */
const SIGN_OUT_TIMEOUT_MS = 5000;

/** Spec section 4: sign out, ignore any error, clear the session markers and start again at /. */
export function LogoutPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Signing out`);
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Once only, also under StrictMode's double effects in development.
    if (started.current) return;
    started.current = true;
    const call = signOut().catch(() => undefined);
    void Promise.all([wait(LOGOUT_DELAY_MS), Promise.race([call, wait(SIGN_OUT_TIMEOUT_MS)])]).then(() => {
      clearSession();
      queryClient.clear();
      reloadAtSignIn();
    });
  }, [queryClient]);

  return (
    <Box component="main">
      <Typography component="h1" sx={visuallyHidden}>
        {t`Signing out`}
      </Typography>
      <LoadingOverlay open label={t`Signing out`} />
    </Box>
  );
}
