import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser } from '@sp/domain';
import { apiGet } from './client';

/** GET /api/me: who the session belongs to. */
export const currentUserQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }): Promise<CurrentUser> => apiGet('/api/me', currentUserSchema, signal),
  staleTime: 5 * 60 * 1000,
});

export const useCurrentUser = () => useQuery(currentUserQuery);
