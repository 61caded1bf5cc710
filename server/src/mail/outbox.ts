import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MailKind } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';

/** One rendered e-mail, ready for the outbox. */
export interface OutgoingMail {
  kind: MailKind;
  to: string;
  studentId?: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Rows per statement: a posting for a whole school queues thousands in one transaction. */
const BATCH = 1000;

/**
 * Writes e-mails to the outbox in the caller's transaction (D52): they exist exactly when the event that
 * causes them commits, and the sender loop sends them afterwards. The Message-ID is fixed here, so a message
 * the mail server accepted before a crash is recognised and not sent again. Each batch goes as one array per
 * column (eight parameters, not eight per row), which parses and plans once.
 */
export async function queueMail(tx: Tx | Db, mails: readonly OutgoingMail[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (let i = 0; i < mails.length; i += BATCH) {
    const batch = mails.slice(i, i + BATCH);
    const column = <T>(pick: (m: OutgoingMail) => T) => sql.param(batch.map(pick));
    await tx.execute(sql`
      INSERT INTO outbox (kind, to_address, student_id, subject, text_body, html_body, headers, message_id,
        next_attempt_at, created_at)
      SELECT k, t, s, sub, tb, hb, h::jsonb, mid, ${at}::timestamptz, ${at}::timestamptz
      FROM unnest(${column((m) => m.kind)}::text[], ${column((m) => m.to)}::text[],
        ${column((m) => m.studentId ?? null)}::text[], ${column((m) => m.subject)}::text[],
        ${column((m) => m.text)}::text[], ${column((m) => m.html)}::text[],
        ${column((m) => JSON.stringify(m.headers ?? {}))}::text[],
        ${column(() => `<${randomUUID()}@student-portal>`)}::text[])
        AS v(k, t, s, sub, tb, hb, h, mid)`);
  }
}
