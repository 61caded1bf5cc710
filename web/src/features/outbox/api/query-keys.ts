import type { OutboxStatus } from '@sp/domain';

/** The Outbox's cache keys (ADR 0033): a test e-mail queued from Settings refreshes every page of the list. */
const outbox = ['outbox'] as const;

export const outboxKeys = {
  all: outbox,
  pages: [...outbox, 'page'] as const,
  page: (status: OutboxStatus | undefined, page: number) => [...outbox, 'page', { status, page }] as const,
  message: (id: number) => [...outbox, 'message', id] as const,
};
