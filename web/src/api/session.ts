import { paths } from '../paths';
/**
 * The browser-side session markers of spec section 3 ("Session storage"). They only steer the screens;
 * the server decides what a session may do (D3). Never put records or health data here (D8).
 */
const KEYS = { authenticated: 'authenticated', admin: 'admin', userId: 'userID', name: 'name' } as const;

export interface SessionInfo {
  authenticated: boolean;
  admin: boolean;
  userId: string | null;
  name: string | null;
}

export function readSession(): SessionInfo {
  return {
    authenticated: sessionStorage.getItem(KEYS.authenticated) === 'true',
    admin: sessionStorage.getItem(KEYS.admin) === 'true',
    userId: sessionStorage.getItem(KEYS.userId),
    name: sessionStorage.getItem(KEYS.name),
  };
}

/** A tab that has never held a sign-in (a new tab): the server may still know the session. */
export const hasNoMarkers = (): boolean => sessionStorage.getItem(KEYS.authenticated) === null;

export function startStudentSession(studentId: string, name: string): void {
  sessionStorage.clear();
  sessionStorage.setItem(KEYS.authenticated, 'true');
  sessionStorage.setItem(KEYS.userId, studentId);
  sessionStorage.setItem(KEYS.name, name);
}

export function startAdminSession(fullName: string): void {
  sessionStorage.clear();
  sessionStorage.setItem(KEYS.authenticated, 'true');
  sessionStorage.setItem(KEYS.admin, 'true');
  sessionStorage.setItem(KEYS.name, fullName);
}

/** A failed sign-in, or a first sign-in that must still set a password: not signed in. */
export function markSignedOut(): void {
  sessionStorage.clear();
  sessionStorage.setItem(KEYS.authenticated, 'false');
}

export function rememberName(name: string): void {
  sessionStorage.setItem(KEYS.name, name);
}

export function clearSession(): void {
  sessionStorage.clear();
}

/** A full page load of the sign-in screen, so nothing of the signed-in session stays in memory. */
export function reloadAtSignIn(): void {
  window.location.replace(paths.signIn);
}
