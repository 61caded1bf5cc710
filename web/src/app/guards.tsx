import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { readSession } from '../api/session';
import { lazyScreen, prefetchScreen } from '../components/lazy-screen';
import { homeFor, paths } from '../paths';

const SignedInArea = lazyScreen<'SignedInArea', object>(() => import('./guards-signed-in'), 'SignedInArea');
const AdminRoleOnly = lazyScreen<'RequireAdminRole', { children: ReactNode }>(
  () => import('./guards-signed-in'),
  'RequireAdminRole',
);

/**
 * Screens that need a sign-in (guards-signed-in.tsx, which brings the query library). The screen's own
 * chunks are fetched alongside that chunk, not after it.
 */
export function RequireAuth() {
  const { pathname } = useLocation();
  if (readSession().authenticated) prefetchScreen(pathname);
  return <SignedInArea />;
}
/** `prefetchScreen` (a sign-in's next screen) fetches this guard's chunk with the screen's. */
RequireAuth.preload = SignedInArea.preload;

/** The staff area (/admin) also needs the staff flag (D3); a student goes to their own dashboard. */
export function RequireStaff() {
  return readSession().staff ? <Outlet /> : <Navigate to={paths.dashboard} replace />;
}

/** A panel for the admin role only (D22); the check needs the signed-in user, so it comes with that chunk. */
export function RequireAdminRole({ children }: { children: ReactNode }) {
  return <AdminRoleOnly>{children}</AdminRoleOnly>;
}

/** The sign-in screens are for visitors only. */
export function VisitorOnly() {
  const session = readSession();
  return session.authenticated ? <Navigate to={homeFor(session.staff)} replace /> : <Outlet />;
}
