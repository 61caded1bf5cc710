import type { AppSettings } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Check } from './client';
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
      upload_max_mb,
      time_zone,
    };
    return { success: true, data };
  },
};

export const DEFAULT_TITLE = 'Student Portal';

export const publicSettingsQuery = queryOptions({
  queryKey: settingsKeys.public,
  queryFn: ({ signal }): Promise<AppSettings> => apiGet('/api/settings/public', settingsCheck, signal),
  staleTime: 10 * 60 * 1000,
});

export const usePublicSettings = () => useQuery(publicSettingsQuery);

/** The configured school name, or the portal's title until it has loaded. */
export function useSchoolName(): string {
  const { data } = usePublicSettings();
  return data?.school_name || DEFAULT_TITLE;
}

/** The school's motto, or nothing. */
export function useSchoolMotto(): string {
  return usePublicSettings().data?.school_motto ?? '';
}
