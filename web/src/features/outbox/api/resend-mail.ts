import type { OutboxPage, OutboxRow } from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../api/client';
import { outboxKeys } from './query-keys';

const requeued = (row: OutboxRow): OutboxRow => ({ ...row, status: 'queued', attempts: 0, last_error: null });

/**
 * POST /api/admin/outbox/:id/resend: a failed or unsent message goes back in the queue. The row shows Queued at
 * once, before the list is read again, so the office sees its click took.
 */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend('POST', `/api/admin/outbox/${id}/resend`, {}),
    onSuccess: (_answer, id) =>
      queryClient.setQueriesData<OutboxPage>({ queryKey: outboxKeys.pages }, (page) =>
        page ? { ...page, rows: page.rows.map((row) => (row.id === id ? requeued(row) : row)) } : page,
      ),
    // Not awaited: the dialog closes on the answer, not once the list has been read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
