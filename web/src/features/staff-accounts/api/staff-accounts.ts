import {
  oneTimePasswordSchema,
  staffSignInListSchema,
  staffUserListSchema,
  staffUserSchema,
  type CreateStaffUser,
  type UpdateStaffUser,
} from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiSend } from '../../../api/client';
import { staffKeys } from './query-keys';

const staffUsersQuery = queryOptions({
  queryKey: staffKeys.all,
  queryFn: ({ signal }) => apiGet('/api/staff-users', staffUserListSchema, signal),
});

export const useStaffUsers = () => useQuery(staffUsersQuery);

/** The list reloads after every change, whether it worked or not. */
function useStaffMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffUsersQuery.queryKey }),
  });
}

export const useCreateStaffUser = () =>
  useStaffMutation((body: CreateStaffUser) => apiPost('/api/staff-users', body, oneTimePasswordSchema));

export const useUpdateStaffUser = () =>
  useStaffMutation(({ id, change }: { id: number; change: UpdateStaffUser }) =>
    apiPost(`/api/staff-users/${id}`, change, staffUserSchema),
  );

export const useResetStaffPassword = () =>
  useStaffMutation((id: number) =>
    apiPost(`/api/staff-users/${id}/reset-password`, {}, oneTimePasswordSchema),
  );

/** D51: removes another account's app, passkeys and recovery codes; its sessions end. */
export const useResetSecondFactor = () =>
  useStaffMutation((id: number) => apiSend('POST', `/api/staff-users/${id}/second-factor/reset`, {}));

export const useStaffSignIns = (id: number) =>
  useQuery({
    queryKey: staffKeys.signIns(id),
    queryFn: ({ signal }) => apiGet(`/api/staff-users/${id}/sign-ins`, staffSignInListSchema, signal),
  });
