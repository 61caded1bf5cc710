import { ownParentsSchema, parentChildrenSchema, parentChildSchema, type INVITE_FIELDS } from '@sp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiSend } from '../../api/client';
import { sessionKeys } from '../../api/query-keys';

/** Cache keys of the parent portal (ADR 0033). */
export const parentKeys = {
  children: ['parent-children'] as const,
  ownParents: ['own-parents'] as const,
};

/** GET /api/parent/children: the account's linked children. */
export const useLinkedChildren = () =>
  useQuery({
    queryKey: parentKeys.children,
    queryFn: ({ signal }) => apiGet('/api/parent/children', parentChildrenSchema, signal),
  });

/** After a link: the list and /api/me (the switcher's children) are read again. */
function useLinked() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: parentKeys.children }),
      client.invalidateQueries({ queryKey: sessionKeys.me }),
    ]);
}

/** POST /api/parent/children: link a child by its student ID and family code. */
export function useLinkChild() {
  const linked = useLinked();
  return useMutation({
    mutationFn: (body: { student_id: string; family_code: string }) =>
      apiSend('POST', '/api/parent/children', body, parentChildSchema),
    onSuccess: linked,
  });
}

/** GET /api/student/parents: the names of the parent accounts linked to the student. */
export const useOwnParents = () =>
  useQuery({
    queryKey: parentKeys.ownParents,
    queryFn: ({ signal }) => apiGet('/api/student/parents', ownParentsSchema, signal),
  });

export type InviteField = (typeof INVITE_FIELDS)[number];

/** POST /api/student/parents/invite: e-mail an invitation to a confirmed parent address of the record. */
export const useInviteParent = () =>
  useMutation({
    mutationFn: (field: InviteField) =>
      apiSend('POST', '/api/student/parents/invite', { field }, z.object({ message: z.string() })),
  });
