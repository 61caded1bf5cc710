import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../api/client';
import { staffEmailKeys } from './query-keys';

/** PUT /api/admin/account/email: saves the address (not confirmed yet) and e-mails it a confirmation link. */
export function useSaveStaffEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiSend('PUT', '/api/admin/account/email', { email }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffEmailKeys.account }),
  });
}
