import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { restoredSessionQuery, useCurrentUser } from '../api/me';
import { hasNoMarkers, readSession } from '../api/session';
import { isAdminPath, type SignInState } from '../api/session-state';
import { LoadingOverlay } from '../components/loading-overlay';
import { homeFor, paths } from '../paths';

/**
 * Screens that need a sign-in send visitors to a sign-in (an admin area page to the staff one, which
 * brings them back); a new tab asks the server first.
 */
export function RequireAuth() {
  const location = useLocation();
  const signedIn = readSession().authenticated;
  const ask = !signedIn && hasNoMarkers();
  const check = useQuery({ ...restoredSessionQuery, enabled: ask });
  if (signedIn) return <Outlet />;
  if (ask && (check.isPending || check.data === true))
    return <LoadingOverlay open label="Checking the sign-in" />;
  if (isAdminPath(location.pathname)) {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.adminSignIn} replace state={state} />;
  }
  return <Navigate to={paths.signIn} replace />;
}
/** The admin area also needs the admin flag (D3); a student goes to their own dashboard. */
export function RequireAdmin() {
  return readSession().admin ? <Outlet /> : <Navigate to={paths.dashboard} replace />;
}

/** A panel for the admin role only (D22): the staff role hears so instead of a panel whose calls fail. */
export function RequireAdminRole({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <LoadingOverlay open label="Checking the sign-in" />;
  if (me.data?.role !== 'admin')
    return (
      <Alert severity="info">This page is for administrators. Ask an administrator if you need it.</Alert>
    );
  return children;
}

/** The sign-in screens are for visitors only. */
export function VisitorOnly() {
  const session = readSession();
  return session.authenticated ? <Navigate to={homeFor(session.admin)} replace /> : <Outlet />;
}
