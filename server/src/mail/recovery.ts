import { rmSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { MailKind } from '@sp/domain';
import type { Db } from '../db/client.js';
import { processAlive, readJournals } from './ack-journal.js';

export const ACCEPTED_BEFORE_RESTART = 'accepted before a restart';

interface Sending {
  id: number | string;
  message_id: string;
  claimed_by: string | null;
  expired: boolean;
}

/** Kinds whose link confirms an address or sets a password: a live link is not kept once the mail is gone. */
const LINK_KINDS: MailKind[] = [
  'confirm_address',
  'password_reset_link',
  'staff_password_reset_link',
  'parent_confirm',
  'parent_password_reset_link',
];

/**
 * SET clauses (for an update of `outbox o`) that replace the link's token in both bodies of such a row when
 * `when` holds, so the table and its backups hold no usable link after the message is sent or given up on.
 */
export function bodiesWithoutTokens(when: SQL): SQL {
  const cut = (body: SQL) => sql`CASE WHEN ${when} AND o.kind = ANY(${sql.param(LINK_KINDS)}::text[])
    THEN regexp_replace(${body}, 'token=[A-Za-z0-9_-]+', 'token=sent', 'g') ELSE ${body} END`;
  return sql`text_body = ${cut(sql`o.text_body`)}, html_body = ${cut(sql`o.html_body`)}`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether a claim (`host:pid:start`, or `host:pid` from before) was made on this machine by a dead process. */
function localDead(claimedBy: string | null, host: string): boolean {
  const [claimHost, pid, start] = (claimedBy ?? '').split(':');
  return claimHost === host && !!pid && /^\d+$/.test(pid) && !processAlive(Number(pid), start);
}

/**
 * A row left `sending` by a sender that is gone (its claim expired, or its process on this machine is no
 * longer running) is `sent` when a journal says the mail server accepted it, else queued again (ADR 0039).
 */
export async function recoverClaims(db: Db, owner: string, journalDir: string, now: Date): Promise<number> {
  const host = owner.split(':')[0]!;
  const candidates = rowsOf<Sending>(
    await db.execute(sql`
      SELECT id, message_id, claimed_by, claimed_until <= ${now.toISOString()}::timestamptz AS expired
      FROM outbox
      WHERE status = 'sending'
        AND (claimed_until <= ${now.toISOString()}::timestamptz OR split_part(claimed_by, ':', 1) = ${host})
      LIMIT 1000`),
  );
  const stale = candidates.filter((r) => r.expired || localDead(r.claimed_by, host));
  if (stale.length === 0) return 0;
  const acks = new Map(readJournals(journalDir).flatMap((j) => [...j.acks]));
  const rows = stale.map((r) => ({
    id: Number(r.id),
    owner: r.claimed_by,
    sent: acks.get(Number(r.id))?.messageId === r.message_id,
  }));
  // The owner is checked again: another process may have recovered and claimed the row in the meantime.
  await db.execute(sql`
    UPDATE outbox o SET
      status = CASE WHEN v.sent THEN 'sent' ELSE 'queued' END,
      sent_at = CASE WHEN v.sent THEN ${now.toISOString()}::timestamptz ELSE NULL END,
      smtp_response = CASE WHEN v.sent THEN ${ACCEPTED_BEFORE_RESTART} ELSE NULL END,
      next_attempt_at = CASE WHEN v.sent THEN o.next_attempt_at ELSE ${now.toISOString()}::timestamptz END,
      ${bodiesWithoutTokens(sql`v.sent`)},
      claimed_by = NULL, claimed_until = NULL
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id bigint, owner varchar, sent boolean)
    WHERE o.id = v.id AND o.status = 'sending' AND o.claimed_by IS NOT DISTINCT FROM v.owner`);
  return stale.length;
}

/** Removes the journals of processes no longer running once none of their rows is still being sent. */
export async function pruneJournals(db: Db, journalDir: string): Promise<void> {
  for (const journal of readJournals(journalDir)) {
    if (processAlive(journal.pid, journal.start)) continue;
    const ids = [...journal.acks.keys()];
    const open = ids.length
      ? rowsOf<{ id: number }>(
          await db.execute(sql`
            SELECT id FROM outbox WHERE status = 'sending' AND id = ANY(${sql.param(ids)}::bigint[]) LIMIT 1`),
        )
      : [];
    if (open.length === 0) rmSync(journal.file, { force: true });
  }
}
