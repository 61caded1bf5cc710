import {
  classGridSchema,
  markResultSchema,
  resultClassesSchema,
  resultImportSchema,
  resultPreviewSchema,
  subjectListSchema,
  termListSchema,
  termSchema,
  type MarkInput,
  type ResultImport,
  type ResultPreview,
  type TermInput,
} from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { ApiError, apiGet, apiPost } from '../../../api/client';
import { badResponseMessage } from '../../../api/api-error';
import { uploadWithProgress } from '../../../api/upload';
import { termKeys } from './query-keys';

export const termsQuery = queryOptions({
  queryKey: termKeys.all,
  queryFn: ({ signal }) => apiGet('/api/terms', termListSchema, signal),
});
export const useTerms = () => useQuery(termsQuery);

export const subjectsQuery = queryOptions({
  queryKey: termKeys.subjects,
  queryFn: ({ signal }) => apiGet('/api/subjects', subjectListSchema, signal),
});
export const useSubjects = () => useQuery(subjectsQuery);

/** Saves a term (a new one without an id) and refreshes the lists that show terms. */
export function useSaveTerm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TermInput }) =>
      apiPost(id === null ? '/api/terms' : `/api/terms/${id}`, input, termSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: termKeys.all }),
  });
}

/** A change to subjects or the forms that take them; the answer is the whole list again. */
export function useSubjectChange<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiPost(path, body, subjectListSchema),
    onSuccess: (list) => client.setQueryData(subjectsQuery.queryKey, list),
  });
}

/** The classes to enter marks for, the staff member's own first (D44). */
export const resultClassesQuery = queryOptions({
  queryKey: termKeys.resultClasses,
  queryFn: ({ signal }) => apiGet('/api/term-results/classes', resultClassesSchema, signal),
});
export const useResultClasses = () => useQuery(resultClassesQuery);

/** The templates of a term, for one class or ('' ) the whole school (or a staff member's own classes). */
export const templatePaths = (termId: number, classId: string) => {
  const query = classId ? `?class_id=${encodeURIComponent(classId)}` : '';
  return {
    xlsx: `/api/terms/${termId}/results-template.xlsx${query}`,
    csv: `/api/terms/${termId}/results-template.csv${query}`,
    summaries: `/api/terms/${termId}/summaries-template.csv${query}`,
  };
};

async function sendFile<T>(path: string, file: File, schema: ZodType<T>, onProgress: (p: number) => void) {
  const form = new FormData();
  form.set('file', file, file.name);
  const answer = schema.safeParse(await uploadWithProgress(path, form, { onProgress }));
  if (!answer.success) throw new ApiError(200, badResponseMessage);
  return answer.data;
}

export const previewResults = (
  termId: number,
  file: File,
  onProgress: (p: number) => void,
): Promise<ResultPreview> =>
  sendFile(`/api/terms/${termId}/results/preview`, file, resultPreviewSchema, onProgress);

export const importResults = (
  termId: number,
  file: File,
  onProgress: (p: number) => void,
): Promise<ResultImport> => sendFile(`/api/terms/${termId}/results`, file, resultImportSchema, onProgress);

export const gridQuery = (termId: number, classId: string) =>
  queryOptions({
    queryKey: termKeys.grid(termId, classId),
    queryFn: ({ signal }) =>
      apiGet(`/api/terms/${termId}/grid?class_id=${encodeURIComponent(classId)}`, classGridSchema, signal),
  });

export function useSaveMark(termId: number, classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkInput) => apiPost(`/api/terms/${termId}/marks`, input, markResultSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: gridQuery(termId, classId).queryKey }),
  });
}
