import { appSettingsSchema, type AppSettings } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

export const DEFAULT_TITLE = 'Student Portal';

export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }): Promise<AppSettings> => apiGet('/api/settings/public', appSettingsSchema, signal),
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
