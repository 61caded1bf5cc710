import { CHILD_HEADER } from '@sp/domain';
import { currentLanguage, detectLanguage, setLanguage } from '../i18n/language';
import { paths } from '../paths';
/**
 * The browser-side session markers of spec section 3 ("Session storage"). They only steer the screens;
 * the server decides what a session may do (D3). Never put records or health data here (D8). The spec's
 * `admin` flag is `staff` here: it marks any staff member, and `admin` is only a role (ADR 0036).
 */
const KEYS = {
  authenticated: 'authenticated',
  staff: 'staff',
  parent: 'parent',
  userId: 'userID',
  name: 'name',
} as const;
/** Where a tab kept the staff flag before `admin` came to mean the role alone. */
const OLD_STAFF_KEY = 'admin';

export interface SessionInfo {
  authenticated: boolean;
  /** Any signed-in staff member, whatever their role (the role comes from the server). */
  staff: boolean;
  userId: string | null;
  name: string | null;
}

export function readSession(): SessionInfo {
  return {
    authenticated: sessionStorage.getItem(KEYS.authenticated) === 'true',
    staff: sessionStorage.getItem(KEYS.staff) === 'true',
    userId: sessionStorage.getItem(KEYS.userId),
    name: sessionStorage.getItem(KEYS.name),
  };
}

/**
 * Markers written before the staff flag was renamed: dropped, so the first page that needs a sign-in asks the
 * server who this is, as a new tab does, instead of reading a staff member as a student.
 */
export function dropOldMarkers(): void {
  if (sessionStorage.getItem(OLD_STAFF_KEY) !== null) sessionStorage.clear();
}

/** A tab that has never held a sign-in (a new tab): the server may still know the session. */
export const hasNoMarkers = (): boolean => sessionStorage.getItem(KEYS.authenticated) === null;

export function startStudentSession(studentId: string, name: string): void {
  sessionStorage.clear();
  sessionStorage.setItem(KEYS.authenticated, 'true');
  sessionStorage.setItem(KEYS.userId, studentId);
  sessionStorage.setItem(KEYS.name, name);
}

/**
 * A parent's tab (D50): `userID` is the child this tab shows (each tab its own), sent with every request in
 * CHILD_HEADER; empty while no child is linked.
 */
export function startParentSession(childId: string | null, childName: string): void {
  sessionStorage.clear();
  sessionStorage.setItem(KEYS.authenticated, 'true');
  sessionStorage.setItem(KEYS.parent, 'true');
  sessionStorage.setItem(KEYS.userId, childId ?? '');
  sessionStorage.setItem(KEYS.name, childName);
}

/** The child a parent's tab shows, or null in a student's or staff member's tab. */
export const parentTabChild = (): string | null =>
  sessionStorage.getItem(KEYS.parent) === 'true' ? sessionStorage.getItem(KEYS.userId) || null : null;

/** A parent's tab, with or without a child linked yet (D50). */
export const isParentTab = (): boolean => sessionStorage.getItem(KEYS.parent) === 'true';

/** The header naming a parent's tab's child, for every request of the tab (none in other tabs). */
export function childHeaders(): Record<string, string> {
  const child = parentTabChild();
  return child ? { [CHILD_HEADER]: child } : {};
}

const tabChildListeners = new Set<() => void>();

/** For useSyncExternalStore: a page that shows the tab's child hears when the tab switches. */
export function subscribeTabChild(listener: () => void): () => void {
  tabChildListeners.add(listener);
  return () => tabChildListeners.delete(listener);
}

/** A parent's tab switches to another linked child. */
export function showChild(childId: string, childName: string): void {
  sessionStorage.setItem(KEYS.userId, childId);
  sessionStorage.setItem(KEYS.name, childName);
  for (const listener of tabChildListeners) listener();
}

export function startStaffSession(fullName: string): void {
  sessionStorage.clear();
  sessionStorage.setItem(KEYS.authenticated, 'true');
  sessionStorage.setItem(KEYS.staff, 'true');
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
  // An account's language leaves with its session; the browser's own choice comes back.
  if (currentLanguage() !== detectLanguage()) void setLanguage(detectLanguage(), false);
}

/** A full page load of the sign-in screen, so nothing of the signed-in session stays in memory. */
export function reloadAtSignIn(): void {
  window.location.replace(paths.signIn);
}
