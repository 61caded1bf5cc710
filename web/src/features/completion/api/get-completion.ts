import {
  adminStudentListSchema,
  completionSchema,
  pendingStudentsSchema,
  type Completion,
  type PendingStudent,
} from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetPage } from '../../../api/client';
import { studentKeys } from '../../students/api/query-keys';
import { completionKeys, type PendingFilter } from './query-keys';

/** GET /api/completion: per class, how many finished each step, uploaded each document, agreed to the terms. */
export const completionQuery = queryOptions({
  queryKey: completionKeys.all,
  queryFn: ({ signal }): Promise<Completion> => apiGet('/api/completion', completionSchema, signal),
});

export const useCompletion = () => useQuery(completionQuery);

/** The choice as query parameters; the students list names the item `pending`. */
function filterParams(filter: PendingFilter, itemName: 'item' | 'pending'): URLSearchParams {
  const query = new URLSearchParams({ [itemName]: filter.item });
  if (filter.classId !== null) query.set('class_id', filter.classId);
  return query;
}

/** GET /api/completion/pending: who has not yet done `item` (in one class, or in the school). */
export const pendingStudentsQuery = (filter: PendingFilter) =>
  queryOptions({
    queryKey: completionKeys.pending(filter),
    queryFn: ({ signal }): Promise<PendingStudent[]> =>
      apiGet(`/api/completion/pending?${filterParams(filter, 'item')}`, pendingStudentsSchema, signal),
  });

export const usePendingStudents = (filter: PendingFilter | null) =>
  useQuery({
    ...pendingStudentsQuery(filter ?? { item: 'submit', classId: null }),
    enabled: filter !== null,
  });

/**
 * How many students have not done what the dashboard chose: the students list with the same choice, one row
 * fetched, the count from X-Total-Count. Keyed under the students, so any change to a student refreshes it.
 */
export const usePendingCount = (filter: PendingFilter) =>
  useQuery({
    queryKey: studentKeys.pendingCount(filter),
    queryFn: async ({ signal }) => {
      const query = filterParams(filter, 'pending');
      query.set('limit', '1');
      return (await apiGetPage(`/api/students?${query}`, adminStudentListSchema, signal)).total;
    },
  });
