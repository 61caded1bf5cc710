import { linkedParentSchema, studentParentsSchema } from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiSend } from '../../api/client';
import { studentKeys } from '../students/api/query-keys';

const base = (studentId: string) => `/api/students/${encodeURIComponent(studentId)}`;
const liveCodeSchema = studentParentsSchema.shape.family_code.unwrap();
const accountSchema = linkedParentSchema.omit({ linked_at: true, how: true });

export const studentParentsQuery = (studentId: string) =>
  queryOptions({
    queryKey: [...studentKeys.student(studentId), 'parents'],
    queryFn: ({ signal }) => apiGet(`${base(studentId)}/parents`, studentParentsSchema, signal),
  });

/** GET /api/students/:id/parents: the linked parent accounts and the live family code (D50). */
export const useStudentParents = (studentId: string) => useQuery(studentParentsQuery(studentId));

/** After a change the card reloads, and so do the students lists (their "parents linked" counts). */
function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studentKeys.all });
}

/** POST /api/students/:id/family-code: a new code; the old one stops working. */
export function useIssueFamilyCode(studentId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: () => apiPost(`${base(studentId)}/family-code`, {}, liveCodeSchema),
    onSettled: reload,
  });
}

/** DELETE /api/students/:id/parents/:parent_id */
export function useUnlinkParent(studentId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (parentId: number) => apiSend('DELETE', `${base(studentId)}/parents/${parentId}`),
    onSettled: reload,
  });
}

/** POST /api/parents/:parent_id/active: off ends the account's sessions at once. */
export function useSetParentActive() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ parentId, active }: { parentId: number; active: boolean }) =>
      apiPost(`/api/parents/${parentId}/active`, { active }, accountSchema),
    onSettled: reload,
  });
}
