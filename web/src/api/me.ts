import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from './client';

/** GET /api/me: who the session belongs to. */
export const currentUserSchema = z.object({
  kind: z.enum(['student', 'admin']),
  student_id: z.string().nullable(),
  name: z.string(),
  full_name: z.string(),
  limited: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }): Promise<CurrentUser> => apiGet('/api/me', currentUserSchema, signal),
  staleTime: 5 * 60 * 1000,
});

export const useCurrentUser = () => useQuery(currentUserQuery);
