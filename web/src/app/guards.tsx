import type { ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { readSession } from '../api/session';
import { lazyScreen, prefetchScreen } from '../components/lazy-screen';
import { homeFor, paths } from '../paths';
import { startEarlyData } from './early-data';

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

/**
 * At start-up, before the first render: a signed-in screen's chunks (this guard's, the layouts', the page's),
 * and its first data (app/early-data.ts) set off with the first screen's code, instead of one after another as
 * each guard and layout renders.
 */
export function startSignedInLoads(
  routes: RouteObject[],
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): void {
  const chain = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route);
  if (!chain.some((route) => (route.element as { type?: unknown } | undefined)?.type === RequireAuth)) return;
  prefetchScreen(pathname, routes);
  startEarlyData(chain, search);
}

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
