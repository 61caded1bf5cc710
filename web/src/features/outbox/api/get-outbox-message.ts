import { outboxMessageSchema } from '@sp/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { outboxKeys } from './query-keys';

/** GET /api/admin/outbox/:id: a message with its text, HTML and headers, for the preview. */
export const useOutboxMessage = (id: number) =>
  useQuery({
    queryKey: outboxKeys.message(id),
    queryFn: ({ signal }) => apiGet(`/api/admin/outbox/${id}`, outboxMessageSchema, signal),
  });
