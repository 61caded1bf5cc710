import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { MailCatcher } from '../mail/catcher.js';
import { queueMail, type OutgoingMail } from '../mail/outbox.js';

/** `n` test e-mails in the outbox, to one address each (a1@example.org …). */
export async function queueTestMails(db: Db, n: number, now: Date, extra: Partial<OutgoingMail> = {}) {
  const mails = Array.from({ length: n }, (_, i) => ({
    kind: 'test' as const,
    to: `a${i + 1}@example.org`,
    subject: `Test ${i + 1}`,
    text: `Message ${i + 1}`,
    html: `<p>Message ${i + 1}</p>`,
    ...extra,
  }));
  await queueMail(db, mails, now);
}

/** The Message-ID header of each message the catcher holds, in order. */
export const caughtMessageIds = (catcher: MailCatcher): string[] =>
  catcher.messages.map((m) => /^Message-ID: (.+)$/im.exec(m.raw.toString('latin1'))?.[1]?.trim() ?? '');

/** Rows of the outbox by status. */
export async function outboxStatuses(db: Db): Promise<Record<string, number>> {
  const result = await db.execute(sql`SELECT status, count(*)::int AS n FROM outbox GROUP BY status`);
  return Object.fromEntries(
    (result as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
  );
}

/** Waits until `done()` holds, checking every 20 ms, for at most `ms`. */
export async function waitUntil(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
