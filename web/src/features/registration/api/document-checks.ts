import { documentCheckListSchema, type DocumentCheckInput, type DocumentCheckState } from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../api/client';
import { studentRecordKeys } from './query-keys';

/** GET /api/document-checks/{id}: each document's file and the school's check of it (D23). */
export const documentChecksQuery = (studentId: string) =>
  queryOptions({
    queryKey: studentRecordKeys.documentChecks(studentId),
    queryFn: ({ signal }): Promise<DocumentCheckState[]> =>
      apiGet(`/api/document-checks/${encodeURIComponent(studentId)}`, documentCheckListSchema, signal),
  });

export const useDocumentChecks = (studentId: string) => useQuery(documentChecksQuery(studentId));

/** Staff mark a document received, verified or rejected with a reason; the answer is the new list. */
export function useCheckDocument(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (check: Omit<DocumentCheckInput, 'student_id'>) =>
      apiPost('/api/document-checks', { ...check, student_id: studentId }, documentCheckListSchema),
    onSuccess: (list) => queryClient.setQueryData(documentChecksQuery(studentId).queryKey, list),
  });
}
