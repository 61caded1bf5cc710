/** Test helpers for the e-mailed links: the record's addresses, confirmations, and what the outbox holds. */
import { asc, eq } from 'drizzle-orm';
import type { ContactField } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { confirmedAddresses, outbox, students } from '../../db/schema.js';

export const setAddresses = (
  db: Db,
  studentId: string,
  fields: Partial<Record<ContactField, string | null>>,
) => db.update(students).set(fields).where(eq(students.id, studentId));

export const confirmAddressOf = (db: Db, kind: 'student' | 'staff', ownerId: string, address: string) =>
  db
    .insert(confirmedAddresses)
    .values({ owner_kind: kind, owner_id: ownerId, address, confirmed_at: new Date() })
    .onConflictDoNothing();

/** Every e-mail queued to an address, oldest first. */
export const mailsTo = (db: Db, address: string) =>
  db.select().from(outbox).where(eq(outbox.to_address, address)).orderBy(asc(outbox.id));

/** The token of the link in an e-mail's plain text, as a family would click it. */
export function tokenIn(text: string): string {
  const match = /\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

/** The newest e-mail to an address, with its link's page and token. */
export async function latestLink(db: Db, address: string) {
  const rows = await mailsTo(db, address);
  const last = rows.at(-1);
  if (!last) throw new Error(`nothing was queued to ${address}`);
  const page = /https?:\/\/[^/\s]+(\/[a-z-]+)\?token=/.exec(last.text_body)?.[1];
  return { row: last, page, token: tokenIn(last.text_body) };
}
