import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../api/client';
import { outboxKeys } from '../../outbox/api/query-keys';

/** POST /api/admin/settings/test-email: a test message queued through the outbox like any other. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => apiSend('POST', '/api/admin/settings/test-email', { to }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
