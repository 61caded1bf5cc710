import {
  adminStudentListSchema,
  completionSchema,
  pendingStudentsSchema,
  type Completion,
  type PendingStudent,
} from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../api/api-paths';
import { apiGet, apiGetPage } from '../../../api/client';
import { useYearParam, withYear } from '../../school-years';
import { studentKeys } from '../../students/api/query-keys';
import { completionKeys, type PendingFilter } from './query-keys';

/**
 * GET /api/completion: per class, how many finished each step, uploaded each document, agreed to the terms;
 * of the current school year, or of a closed one as it ended.
 */
export const completionQuery = (year: number | undefined) =>
  queryOptions({
    queryKey: completionKeys.figures(year),
    queryFn: ({ signal }): Promise<Completion> =>
      apiGet(withYear(apiPaths.completion, year), completionSchema, signal),
  });

export const useCompletion = () => useQuery(completionQuery(useYearParam()));

/** The choice as query parameters; the students list names the item `pending`. */
function filterParams(filter: PendingFilter, itemName: 'item' | 'pending', year?: number): URLSearchParams {
  const query = new URLSearchParams({ [itemName]: filter.item });
  if (filter.classId !== null) query.set('class_id', filter.classId);
  if (year !== undefined) query.set('year', String(year));
  return query;
}

/** GET /api/completion/pending: who has not yet done `item` (in one class, or in the school) in the year. */
export const pendingStudentsQuery = (filter: PendingFilter, year?: number) =>
  queryOptions({
    queryKey: completionKeys.pending(filter, year),
    queryFn: ({ signal }): Promise<PendingStudent[]> =>
      apiGet(`/api/completion/pending?${filterParams(filter, 'item', year)}`, pendingStudentsSchema, signal),
  });

export const usePendingStudents = (filter: PendingFilter | null) =>
  useQuery({
    ...pendingStudentsQuery(filter ?? { item: 'submit', classId: null }, useYearParam()),
    enabled: filter !== null,
  });

/**
 * How many students have not done what the dashboard chose: the students list with the same choice, one row
 * fetched, the count from X-Total-Count. Keyed under the students, so any change to a student refreshes it.
 */
export const usePendingCount = (filter: PendingFilter) => {
  const year = useYearParam();
  return useQuery({
    queryKey: studentKeys.pendingCount(filter, year),
    queryFn: async ({ signal }) => {
      const query = filterParams(filter, 'pending', year);
      query.set('limit', '1');
      return (await apiGetPage(`/api/students?${query}`, adminStudentListSchema, signal)).total;
    },
  });
};
