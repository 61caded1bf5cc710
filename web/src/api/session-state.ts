import { DEFAULT_SESSION_IDLE_MINUTES } from '@sp/domain';
import { paths } from '../paths';
import { readSession } from './session';

/**
 * What the browser knows of the server session between requests: when a request last succeeded (each one
 * restarts the server's idle clock) and whether a save found the session gone. Kept in memory only: the
 * values waiting to be resent stay with their fields, never in browser storage (D26).
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let lastSuccessAt = Date.now();
let expired = false;
/** The server's idle window, as its last signed-in answer said (the default until then). */
let idleMs = DEFAULT_SESSION_IDLE_MINUTES * 60_000;

const notify = () => {
  for (const listener of listeners) listener();
};

export const sessionState = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  lastSuccessAt: (): number => lastSuccessAt,
  isExpired: (): boolean => expired,
  idleMs: (): number => idleMs,
  /** Any answer from the server that was not a refusal of the session, with the idle window it gave. */
  recordSuccess(idleSeconds?: string | null): void {
    lastSuccessAt = Date.now();
    const seconds = Number(idleSeconds);
    if (idleSeconds && Number.isInteger(seconds) && seconds > 0) idleMs = seconds * 1000;
  },
  /** A save was answered 401: the sign-in dialog opens over the page. */
  expire(): void {
    if (expired) return;
    expired = true;
    notify();
  },
  /** Signed in again as the same student: the waiting saves are sent. */
  restore(): void {
    expired = false;
    lastSuccessAt = Date.now();
    notify();
    window.dispatchEvent(new Event(SESSION_RESTORED_EVENT));
  },
  /** Someone else signed in, or the page is left: nothing waits any more. */
  reset(): void {
    expired = false;
    lastSuccessAt = Date.now();
    notify();
  },
};

/** Fired on window when the session is back; fields whose save met a 401 send their value again. */
export const SESSION_RESTORED_EVENT = 'sp:session-restored';

/** Where a sign-in sends someone back to: an staff area page, kept by the staff sign-in. */
export interface SignInState {
  sessionExpired?: boolean;
  from?: string;
}

export const isAdminPath = (path: string) =>
  path === paths.admin.root || path.startsWith(`${paths.admin.root}/`);

/**
 * Where a session that ended sends the browser: staff (or anyone on an staff area page) to the staff
 * sign-in, which brings them back to the page they were on; a student to the student sign-in.
 */
export function sessionEndedTarget(
  location: { pathname: string; search?: string },
  wasStaff = readSession().staff,
): { to: string; state: SignInState } {
  if (!wasStaff && !isAdminPath(location.pathname))
    return { to: paths.signIn, state: { sessionExpired: true } };
  const from = `${location.pathname}${location.search ?? ''}`;
  return {
    to: paths.adminSignIn,
    state: { sessionExpired: true, ...(isAdminPath(location.pathname) ? { from } : {}) },
  };
}

/** The staff area page to open after a staff sign-in: the one a sign-in interrupted, else the dashboard. */
export function afterStaffSignIn(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  return typeof from === 'string' && isAdminPath(from) && from !== paths.admin.root
    ? from
    : paths.admin.dashboard;
}
