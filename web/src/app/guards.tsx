import { Navigate, Outlet } from 'react-router';
import { readSession } from '../api/session';
import { homeFor, paths } from '../paths';

/** Screens that need a sign-in send visitors to the student sign-in. */
export function RequireAuth() {
  return readSession().authenticated ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}

/** The admin area also needs the admin flag (D3); a student goes to their own dashboard. */
export function RequireAdmin() {
  return readSession().admin ? <Outlet /> : <Navigate to={paths.dashboard} replace />;
}

/** The sign-in screens are for visitors only. */
export function VisitorOnly() {
  const session = readSession();
  return session.authenticated ? <Navigate to={homeFor(session.admin)} replace /> : <Outlet />;
}
