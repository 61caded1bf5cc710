import { SAVE_INDICATOR_DELAY_MS } from '@sp/domain';
import { ApiError } from '../../api/api-error';
import { SESSION_RESTORED_EVENT } from '../../api/session-state';
import { failureMessage, isTransient, retryDelay } from './save-failure';

/** A value as sent to the server: text, a number, or a 1/0 flag. */
export type SaveValue = string | number;

export type SavePhase = 'idle' | 'saving' | 'saved' | 'failed';

export interface AutosaveSnapshot {
  phase: SavePhase;
  /** The spinner shows only once a save has taken longer than the indicator delay. */
  spinner: boolean;
  /** Why the last save failed for good (a 400's message); null for network trouble and for a 403, whose
   * message goes to the page's banner instead. */
  error: string | null;
  /** A failed save that will be tried again by itself. */
  retrying: boolean;
  /** Something the user entered is not on the server (queued, being sent, or failed). */
  unsaved: boolean;
}

export interface AutosaveHandlers {
  /** Sends one value; rejects with an ApiError on failure. */
  save: (value: SaveValue) => Promise<void>;
  /** The server refused the save (403): registration closed, for example. */
  onRejected?: (message: string) => void;
  /** The server no longer knows the session (401). */
  onSignedOut?: () => void;
}

export interface AutosaveOptions extends Partial<AutosaveHandlers> {
  /** The value the server holds when the field appears. */
  initial: SaveValue | null;
  /** The field name, to pick its message out of a 400 answer. */
  field?: string;
  indicatorDelayMs?: number;
  retryDelaysMs?: readonly number[];
  /** Where to listen for the browser coming back online (a test may pass its own). */
  onlineTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

const key = (value: SaveValue | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

const idle: AutosaveSnapshot = {
  phase: 'idle',
  spinner: false,
  error: null,
  retrying: false,
  unsaved: false,
};

/**
 * The save cycle of one field (D14): idle → saving → saved | failed. One save at a time; a value
 * entered while a save is under way is sent when it ends (only the newest). Network and server failures are
 * retried with back-off and when the browser comes back online; a 401 waits for the session to be restored;
 * a 400 or 403 is final until the next edit.
 */
export class AutosaveMachine {
  private snapshot: AutosaveSnapshot = idle;
  private readonly listeners = new Set<() => void>();
  private saved: string;
  private inFlight: SaveValue | null = null;
  private queued: SaveValue | null = null;
  /** The value whose save failed and is to be retried. */
  private failedValue: SaveValue | null = null;
  private attempts = 0;
  private spinnerTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  private handlers: Partial<AutosaveHandlers>;

  constructor(private readonly options: AutosaveOptions) {
    this.saved = key(options.initial);
    this.handlers = options;
  }

  /** The callbacks may change (a React component passes new ones on each render). */
  setHandlers(handlers: AutosaveHandlers): void {
    this.handlers = handlers;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AutosaveSnapshot => this.snapshot;

  /** Starts listening for the browser coming back online; resumes a retry stopped by `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.onlineTarget()?.addEventListener('online', this.retryNow);
    this.onlineTarget()?.addEventListener(SESSION_RESTORED_EVENT, this.retryNow);
    if (this.failedValue !== null && this.inFlight === null) this.scheduleRetry();
  }

  stop(): void {
    this.running = false;
    this.onlineTarget()?.removeEventListener('online', this.retryNow);
    this.onlineTarget()?.removeEventListener(SESSION_RESTORED_EVENT, this.retryNow);
    clearTimeout(this.retryTimer);
    clearTimeout(this.spinnerTimer);
    this.retryTimer = undefined;
  }

  /** The user settled on a (valid) value: save it unless the server already has it. */
  readonly commit = (value: SaveValue): void => {
    const k = key(value);
    if (this.inFlight !== null) {
      // Only the newest value matters; none is needed if the one being sent is it.
      this.queued = k === key(this.inFlight) ? null : value;
      this.update({ unsaved: true });
      return;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.failedValue = null;
    this.attempts = 0;
    if (k === this.saved) {
      // Back to what the server holds: nothing to send, and an old failure no longer applies.
      if (this.snapshot.phase === 'failed') this.update(idle);
      else this.update({ error: null, unsaved: false });
      return;
    }
    this.send(value);
  };

  /** Tries a failed save again at once (the browser is back online). */
  readonly retryNow = (): void => {
    if (this.failedValue === null || this.inFlight !== null) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const value = this.failedValue;
    this.failedValue = null;
    this.send(value);
  };

  private onlineTarget() {
    if (this.options.onlineTarget !== undefined) return this.options.onlineTarget;
    return typeof window === 'undefined' ? null : window;
  }

  private send(value: SaveValue): void {
    this.inFlight = value;
    clearTimeout(this.spinnerTimer);
    this.spinnerTimer = setTimeout(
      () => this.update({ spinner: true }),
      this.options.indicatorDelayMs ?? SAVE_INDICATOR_DELAY_MS,
    );
    // The field's old icon goes at once; the spinner follows only if the save is slow.
    this.update({ phase: 'saving', unsaved: true, retrying: false });
    const save = this.handlers.save ?? (() => Promise.reject(new Error('Nothing saves this field.')));
    save(value).then(
      () => this.settle(value, null),
      (error: unknown) => this.settle(value, error),
    );
  }

  private settle(value: SaveValue, error: unknown): void {
    clearTimeout(this.spinnerTimer);
    this.inFlight = null;
    const next = this.queued;
    this.queued = null;
    if (error === null) {
      this.saved = key(value);
      this.attempts = 0;
      if (next !== null && key(next) !== this.saved) return this.send(next);
      return this.update({ phase: 'saved', spinner: false, error: null, retrying: false, unsaved: false });
    }
    if (next !== null) return this.send(next);
    this.fail(value, error);
  }

  private fail(value: SaveValue, error: unknown): void {
    if (isTransient(error)) {
      this.failedValue = value;
      this.update({ phase: 'failed', spinner: false, error: null, retrying: true, unsaved: true });
      if (this.running) this.scheduleRetry();
      return;
    }
    const status = error instanceof ApiError ? error.status : null;
    if (status === 401) {
      // The session ended: the value waits in memory and is sent again once signed in (D26).
      this.failedValue = value;
      this.update({ phase: 'failed', spinner: false, error: null, retrying: false, unsaved: true });
      this.handlers.onSignedOut?.();
      return;
    }
    const message = failureMessage(error, this.options.field);
    // A refusal (registration closed) is the page's news: the banner says it, the field shows the alert.
    const refused = status === 403;
    this.update({
      phase: 'failed',
      spinner: false,
      error: refused ? null : message,
      retrying: false,
      unsaved: true,
    });
    if (refused) this.handlers.onRejected?.(message);
  }

  private scheduleRetry(): void {
    const delay = retryDelay(this.attempts, this.options.retryDelaysMs);
    this.attempts += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(this.retryNow, delay);
  }

  private update(patch: Partial<AutosaveSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    if (next.phase !== 'saving') next.spinner = false;
    const same = (Object.keys(next) as (keyof AutosaveSnapshot)[]).every((k) => next[k] === this.snapshot[k]);
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
