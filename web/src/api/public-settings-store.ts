import type { AppSettings } from '@sp/domain';
import { ApiError, asError } from './api-error';
import { apiGet, type Check } from './client';

/** As long as the signed-in screens' query keeps them fresh (api/settings.ts). */
export const PUBLIC_SETTINGS_STALE_MS = 10 * 60 * 1000;
const MAX_RETRIES = 2;

export interface PublicSettingsState {
  data: AppSettings | undefined;
  error: Error | null;
  /** When `data` arrived (0: never). */
  updatedAt: number;
}

/**
 * The school's public settings, read before anyone signs in: the sign-in screens show them without the query
 * library, which comes with the signed-in screens (ADR 0035). There, a query reads through this store, so a
 * settings change that invalidates it shows here too.
 */
export interface PublicSettingsStore {
  subscribe: (listener: () => void) => () => void;
  state: () => PublicSettingsState;
  /** Loads them unless they are fresh or on their way. */
  ensure: () => void;
  /** Loads them again, or joins the load under way. */
  load: () => Promise<AppSettings>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** As the query client does: a 4xx answer will not change by asking again; network and server errors may. */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createPublicSettingsStore(check: Check<AppSettings>, retry: boolean): PublicSettingsStore {
  let state: PublicSettingsState = { data: undefined, error: null, updatedAt: 0 };
  let loading: Promise<AppSettings> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: PublicSettingsState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const attempt = async (failures: number): Promise<AppSettings> => {
    try {
      return await apiGet('/api/settings/public', check);
    } catch (error) {
      if (!retry || failures >= MAX_RETRIES || !worthRetrying(error)) throw error;
      await wait(1000 * 2 ** failures);
      return attempt(failures + 1);
    }
  };
  const load = () =>
    (loading ??= attempt(0)
      .then(
        (data) => {
          set({ data, error: null, updatedAt: Date.now() });
          return data;
        },
        (error: unknown) => {
          set({ ...state, error: asError(error) });
          throw error;
        },
      )
      .finally(() => {
        loading = null;
      }));
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
    ensure: () => {
      if (loading || Date.now() - state.updatedAt < PUBLIC_SETTINGS_STALE_MS) return;
      void load().catch(() => undefined);
    },
    load,
  };
}
