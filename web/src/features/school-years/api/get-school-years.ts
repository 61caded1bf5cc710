import { schoolYearListSchema, type SchoolYearInfo } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../api/api-paths';
import { apiGet } from '../../../api/client';
import { schoolYearKeys } from '../../rollover/api/query-keys';

/**
 * GET /api/admin/school-years, as the year selector reads it: every year, newest first. Under the rollover's
 * key, so a rollover or its undo refreshes the selector too; a key of its own below it, since the selector
 * keeps less of each year than the rollover page does.
 */
export const schoolYearsQuery = queryOptions({
  queryKey: [...schoolYearKeys.all, 'selector'] as const,
  queryFn: async ({ signal }): Promise<SchoolYearInfo[]> =>
    (await apiGet(apiPaths.schoolYears, schoolYearListSchema, signal)).years,
  staleTime: 5 * 60_000,
});

export const useSchoolYears = () => useQuery(schoolYearsQuery);
