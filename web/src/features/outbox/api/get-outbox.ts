import { outboxPageSchema, type OutboxPage, type OutboxStatus } from '@sp/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { outboxKeys } from './query-keys';

/** While a message is on its way, the list looks again this often, so "Queued" turns into "Sent" by itself. */
const WHILE_SENDING_MS = 3_000;

const inFlight = (page: OutboxPage | undefined) =>
  Boolean(page && (page.counts.queued > 0 || page.counts.sending > 0));

/** GET /api/admin/outbox: one page (from 1) of the messages, newest first, with the count of each status. */
export const outboxPageQuery = (status: OutboxStatus | undefined, page: number) =>
  queryOptions({
    queryKey: outboxKeys.page(status, page),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/outbox?page=${page}${status ? `&status=${status}` : ''}`, outboxPageSchema, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (inFlight(query.state.data) ? WHILE_SENDING_MS : false),
  });

export const useOutboxPage = (status: OutboxStatus | undefined, page: number) =>
  useQuery(outboxPageQuery(status, page));
