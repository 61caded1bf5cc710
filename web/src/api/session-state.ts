/**
 * What the browser knows of the server session between requests: when a request last succeeded (each one
 * restarts the server's idle clock) and whether a save found the session gone. Kept in memory only: the
 * values waiting to be resent stay with their fields, never in browser storage (D26).
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let lastSuccessAt = Date.now();
let expired = false;

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
  /** Any answer from the server that was not a refusal of the session. */
  recordSuccess(): void {
    lastSuccessAt = Date.now();
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
