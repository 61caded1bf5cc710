import { ApiError } from './api-error';
import { loadSignInChecks } from './deferred-checks';

/**
 * D51, asking again: a sensitive call refused because the session's second factor is older than the server
 * allows (a 403 naming FRESH_FACTOR_FIELD) opens one "Confirm it's you" dialog; every call refused meanwhile
 * waits for the same answer, then each is repeated once. The dialog lives in the signed-in area and answers
 * through `answer`; with none on screen (a sign-in page) nothing is asked and the refusal stands.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let asking: { promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null = null;
let dialogs = 0;

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The server asks for the second factor again (not any other refusal). The field's name comes with the
 * deferred checks, which any signed-in screen has loaded: the domain's second-factor module brings zod, which
 * the sign-in page's first script does without (ADR 0035).
 */
export async function needsFreshFactor(error: unknown): Promise<boolean> {
  if (!(error instanceof ApiError) || error.status !== 403 || error.fieldErrors.length === 0) return false;
  const { FRESH_FACTOR_FIELD } = await loadSignInChecks().catch(() => ({ FRESH_FACTOR_FIELD: null }));
  return error.fieldErrors.some((e) => e.field === FRESH_FACTOR_FIELD);
}

/** Opens the dialog (or joins the one open); true once the second factor was given, false if cancelled. */
export function askForSecondFactor(): Promise<boolean> {
  if (dialogs === 0) return Promise.resolve(false);
  if (asking) return asking.promise;
  let resolve: (confirmed: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  asking = { promise, resolve };
  notify();
  return promise;
}

export const freshFactorStore = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAsking: (): boolean => asking !== null,
  /** The dialog is on screen and may be asked; the returned function takes it off. */
  mount(): () => void {
    dialogs++;
    return () => {
      dialogs--;
      if (dialogs === 0) freshFactorStore.answer(false);
    };
  },
  /** The dialog's answer, for every call waiting on it. */
  answer(confirmed: boolean): void {
    const current = asking;
    if (!current) return;
    asking = null;
    notify();
    current.resolve(confirmed);
  },
};
