import { missingResultsSchema, postedTermListSchema, postedTermSchema, type PostedTerm } from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../api/client';

export const postedTermsQuery = queryOptions({
  queryKey: ['admin', 'terms', 'posted'],
  queryFn: ({ signal }) => apiGet('/api/term-reports-posted', postedTermListSchema, signal),
});
export const usePostedTerms = () => useQuery(postedTermsQuery);

export const useMissingResults = (termId: number) =>
  useQuery({
    queryKey: ['admin', 'terms', termId, 'missing'],
    queryFn: ({ signal }) => apiGet(`/api/terms/${termId}/missing-results`, missingResultsSchema, signal),
  });

/** Spec POST /api/post-term-reports: posted 1 posts, 0 removes. */
export function usePostTerm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ term, posted }: { term: PostedTerm; posted: 0 | 1 }) =>
      apiPost(
        '/api/post-term-reports',
        { year: term.year, term: term.term, posted, date_posted: term.date_posted },
        postedTermSchema,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'terms'] }),
  });
}

export function useScheduleRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, release_at }: { id: number; release_at: string | null }) =>
      apiPost(`/api/terms/${id}/release`, { release_at }, postedTermSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'terms'] }),
  });
}
