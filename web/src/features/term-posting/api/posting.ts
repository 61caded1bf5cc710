import { postingCheckSchema, postingTermListSchema, postingTermSchema, type PostingTerm } from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../api/client';
import { termKeys } from '../../term-results/api/query-keys';
import { postingKeys } from './query-keys';

export const postedTermsQuery = queryOptions({
  queryKey: postingKeys.posted,
  queryFn: ({ signal }) => apiGet('/api/term-reports-posted', postingTermListSchema, signal),
});
export const usePostedTerms = () => useQuery(postedTermsQuery);

/** D41: per class, who has no entered mark, and who the current posting left out. */
export const useMissingResults = (termId: number) =>
  useQuery({
    queryKey: postingKeys.missing(termId),
    queryFn: ({ signal }) => apiGet(`/api/terms/${termId}/missing-results`, postingCheckSchema, signal),
  });

/** Whom to post although they have no entered mark: the classes ticked ('' is "no class"), or everyone. */
export interface Inclusion {
  all: boolean;
  classes: string[];
}

/** The request's fields: students in no class are named by their own flag, not by an empty class. */
const inclusionBody = (include: Inclusion) => ({
  include_all: include.all,
  include_classes: include.classes.filter((c) => c !== ''),
  include_no_class: include.classes.includes(''),
});

/** Spec POST /api/post-term-reports: posted 1 posts (leaving out who has no marks unless included), 0 removes. */
export function usePostTerm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ term, posted, include }: { term: PostingTerm; posted: 0 | 1; include?: Inclusion }) =>
      apiPost(
        '/api/post-term-reports',
        {
          year: term.year,
          term: term.term,
          posted,
          date_posted: term.date_posted,
          // No inclusion sent keeps the current posting's (before the check has loaded, say).
          ...(posted && include ? inclusionBody(include) : {}),
        },
        postingTermSchema,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: termKeys.all }),
  });
}

/** The instant of a release (ISO, worked out from the school's clock), or null to cancel. */
export function useScheduleRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, release_at }: { id: number; release_at: string | null }) =>
      apiPost(`/api/terms/${id}/release`, { release_at }, postingTermSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: termKeys.all }),
  });
}
