import { t } from '@lingui/core/macro';
import Alert from '@mui/material/Alert';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppData, type AppData } from '../api/app-data';
import { restoredSessionQuery, useCurrentUser } from '../api/me';
import { hasNoMarkers, readSession } from '../api/session';
import { isAdminPath, type SignInState } from '../api/session-state';
import { publicSettingsQuery, usePublicSettingsStore } from '../api/settings';
import { LoadingOverlay } from '../components/loading-overlay';
import { paths } from '../paths';
import { createQueryClient } from './query-client';

/**
 * The signed-in screens' side of the app, in a chunk of its own with the query library: the sign-in screens
 * do without it (ADR 0035). The query client is the app's for its whole life, created at the first signed-in
 * screen, so its cache outlives a trip to a sign-in screen as it did when it was created with the app.
 */
export function SignedInArea() {
  const app = useAppData() as AppData;
  app.queries.client ??= createQueryClient(app.queries);
  return (
    <QueryClientProvider client={app.queries.client}>
      <RequireAuth />
    </QueryClientProvider>
  );
}

/**
 * The public settings as a query while someone is signed in: it starts from what the sign-in screen read
 * (fresh for ten minutes, so not asked again), and a settings change that invalidates it reads them again
 * for every screen through the store.
 */
function PublicSettingsQuery() {
  const store = usePublicSettingsStore();
  useQuery({
    ...publicSettingsQuery,
    queryFn: store.load,
    initialData: () => store.state().data,
    initialDataUpdatedAt: () => store.state().updatedAt || undefined,
    // The store retries as the client would.
    retry: false,
  });
  return null;
}

/**
 * Screens that need a sign-in send visitors to a sign-in (a staff area page to the staff one, which
 * brings them back); a new tab asks the server first.
 */
function RequireAuth() {
  const location = useLocation();
  const signedIn = readSession().authenticated;
  const ask = !signedIn && hasNoMarkers();
  const check = useQuery({ ...restoredSessionQuery, enabled: ask });
  if (signedIn)
    return (
      <>
        <PublicSettingsQuery />
        <Outlet />
      </>
    );
  if (ask && (check.isPending || check.data === true))
    return <LoadingOverlay open label={t`Checking the sign-in`} />;
  if (isAdminPath(location.pathname)) {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.adminSignIn} replace state={state} />;
  }
  return <Navigate to={paths.signIn} replace />;
}

/** A panel for the admin role only (D22): the staff role hears so instead of a panel whose calls fail. */
export function RequireAdminRole({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <LoadingOverlay open label={t`Checking the sign-in`} />;
  if (me.data?.role !== 'admin')
    return (
      <Alert severity="info">This page is for administrators. Ask an administrator if you need it.</Alert>
    );
  return children;
}
