import { randomUUID } from 'node:crypto';
import type { MailKind } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';
import { outbox } from '../db/schema.js';

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

/** Rows per insert: a posting for a whole school queues thousands in one transaction. */
const BATCH = 500;

/**
 * Writes e-mails to the outbox in the caller's transaction (D52): they exist exactly when the event that
 * causes them commits, and the sender loop sends them afterwards. The Message-ID is fixed here, so a message
 * the mail server accepted before a crash is recognised and not sent again.
 */
export async function queueMail(tx: Tx | Db, mails: readonly OutgoingMail[], now: Date): Promise<void> {
  for (let i = 0; i < mails.length; i += BATCH) {
    await tx.insert(outbox).values(
      mails.slice(i, i + BATCH).map((m) => ({
        kind: m.kind,
        to_address: m.to,
        student_id: m.studentId ?? null,
        subject: m.subject,
        text_body: m.text,
        html_body: m.html,
        headers: m.headers ?? {},
        message_id: `<${randomUUID()}@student-portal>`,
        next_attempt_at: now,
        created_at: now,
      })),
    );
  }
}
