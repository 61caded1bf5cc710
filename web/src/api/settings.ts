import type { AppSettings } from '@sp/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { useAppData } from './app-data';
import type { Check } from './client';
import {
  createPublicSettingsStore,
  PUBLIC_SETTINGS_STALE_MS,
  type PublicSettingsStore,
} from './public-settings-store';
import { settingsKeys } from './query-keys';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The domain's appSettingsSchema, checked without zod: the sign-in page asks for the settings before zod has
 * loaded (it comes with the first key typed). settings.test.ts holds the two to the same answers.
 */
export const settingsCheck: Check<AppSettings> = {
  safeParse(value) {
    if (!isRecord(value)) return { success: false };
    const {
      school_name,
      school_motto,
      logo_url,
      id_lookup_enabled,
      learning_challenges_enabled,
      terms_and_conditions,
      terms_and_conditions_es,
      upload_max_mb,
      time_zone,
    } = value;
    if (
      typeof school_name !== 'string' ||
      typeof school_motto !== 'string' ||
      (logo_url !== null && typeof logo_url !== 'string') ||
      typeof id_lookup_enabled !== 'boolean' ||
      typeof learning_challenges_enabled !== 'boolean' ||
      typeof terms_and_conditions !== 'string' ||
      (terms_and_conditions_es != null && typeof terms_and_conditions_es !== 'string') ||
      typeof upload_max_mb !== 'number' ||
      Number.isNaN(upload_max_mb) ||
      typeof time_zone !== 'string'
    )
      return { success: false };
    const data = {
      school_name,
      school_motto,
      logo_url,
      id_lookup_enabled,
      learning_challenges_enabled,
      terms_and_conditions,
      // The Spanish terms (D25, D53): null when the school has none; absent from an older server's answer.
      ...(terms_and_conditions_es !== undefined ? { terms_and_conditions_es } : {}),
      upload_max_mb,
      time_zone,
    };
    return { success: true, data };
  },
};

export const DEFAULT_TITLE = 'Student Portal';

/** The public settings of one app; the query of the signed-in screens reads through it (guards-signed-in). */
export const createSettingsStore = (retry: boolean): PublicSettingsStore =>
  createPublicSettingsStore(settingsCheck, retry);

/** A component rendered on its own (a unit test) reads them without the app around it. */
const standalone = createSettingsStore(false);

/** The signed-in screens' query of the public settings; a settings change invalidates it by its key. */
export const publicSettingsQuery = {
  queryKey: settingsKeys.public,
  staleTime: PUBLIC_SETTINGS_STALE_MS,
} as const;

export function usePublicSettingsStore(): PublicSettingsStore {
  return useAppData()?.settings ?? standalone;
}

/** The public settings, as a query's result reads: `data` once loaded, `isError` if the last load failed. */
export function usePublicSettings() {
  const store = usePublicSettingsStore();
  const { data, error } = useSyncExternalStore(store.subscribe, store.state);
  useEffect(() => store.ensure(), [store]);
  return {
    data,
    error,
    isError: error !== null,
    isPending: data === undefined && error === null,
    /** Like a query's refetch, it never rejects: a failed load shows as `isError`. */
    refetch: () => store.load().catch(() => undefined),
  };
}

/** The configured school name, or the portal's title until it has loaded. */
export function useSchoolName(): string {
  const { data } = usePublicSettings();
  return data?.school_name || DEFAULT_TITLE;
}

/** The school's motto, or nothing. */
export function useSchoolMotto(): string {
  return usePublicSettings().data?.school_motto ?? '';
}
