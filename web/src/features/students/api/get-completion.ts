import {
  completionSchema,
  pendingStudentsSchema,
  type Completion,
  type CompletionItem,
  type PendingStudent,
} from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { completionKeys } from './query-keys';

/** GET /api/completion: per class, how many finished each step, uploaded each document, agreed to the terms. */
export const completionQuery = queryOptions({
  queryKey: completionKeys.all,
  queryFn: ({ signal }): Promise<Completion> => apiGet('/api/completion', completionSchema, signal),
});

export const useCompletion = () => useQuery(completionQuery);

export interface PendingFilter {
  item: CompletionItem;
  /** One class ('' for the students in no class), or null for the whole school. */
  classId: string | null;
}

/** GET /api/completion/pending: who has not yet done `item` (in one class, or in the school). */
export const pendingStudentsQuery = (filter: PendingFilter) =>
  queryOptions({
    queryKey: completionKeys.pending(filter),
    queryFn: ({ signal }): Promise<PendingStudent[]> => {
      const query = new URLSearchParams({ item: filter.item });
      if (filter.classId !== null) query.set('class_id', filter.classId);
      return apiGet(`/api/completion/pending?${query}`, pendingStudentsSchema, signal);
    },
  });

export const usePendingStudents = (filter: PendingFilter | null) =>
  useQuery({
    ...pendingStudentsQuery(filter ?? { item: 'submit', classId: null }),
    enabled: filter !== null,
  });
