import type { OutboxMessage, OutboxPage, OutboxRow } from '@sp/domain';

/** Outbox answers for the component tests, typed by the domain schemas. */
export const outboxRow = (over: Partial<OutboxRow> = {}): OutboxRow => ({
  id: 1,
  kind: 'report_cards_posted',
  to_address: 'mother@example.com',
  student_id: '20240001',
  subject: 'Report cards for Term 1 are ready',
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-11-24T12:00:00.000Z',
  sent_at: '2026-11-24T12:00:05.000Z',
  next_attempt_at: '2026-11-24T12:00:00.000Z',
  ...over,
});

export const outboxPage = (rows: OutboxRow[], over: Partial<OutboxPage> = {}): OutboxPage => ({
  rows,
  total: rows.length,
  counts: { queued: 0, sending: 0, sent: 0, failed: 0, unsent: 0 },
  configured: true,
  ...over,
});

export const outboxMessage = (row: OutboxRow, over: Partial<OutboxMessage> = {}): OutboxMessage => ({
  ...row,
  text: 'Report cards are ready.\nhttps://portal.example/term-reports',
  html: '<p id="mail">Report cards are <b>ready</b>.</p><script>parent.document.title = "hacked"</script>',
  headers: { 'List-Unsubscribe': '<https://portal.example/unsubscribe?token=abc>' },
  ...over,
});
