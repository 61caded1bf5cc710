import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { secondFactorMessages, type Passkey } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { staffPasskeys, staffUsers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { sessionAuth, type Actor } from '../../plugins/auth.js';

export type PasskeyRow = typeof staffPasskeys.$inferSelect;
export type StaffActor = Extract<Actor, { kind: 'staff' }>;

export const conflict = (message: string) => new AppError(409, message);

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/** One of the account's own passkeys; another account's, like one that does not exist, is 404. */
export async function ownPasskey(
  db: Pick<Db, 'select'>,
  staffUserId: number,
  id: number,
): Promise<PasskeyRow> {
  const [row] = await db
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staff_user_id, staffUserId)));
  if (!row) throw notFound(secondFactorMessages.passkeyNotFound);
  return row;
}

/** Locks the account's row until the transaction ends, so changes to its second factor go one at a time. */
export async function lockAccount(tx: Pick<Db, 'select'>, staffUserId: number): Promise<void> {
  await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, staffUserId)).for('update');
}

/**
 * Marks the session as having given its passkey now (D51): sensitive actions need no asking for 12 hours, and a
 * session that could only set up its second factor may do everything again.
 */
export function notePasskeyGiven(request: FastifyRequest, now: Date): void {
  const auth = sessionAuth(request);
  if (auth.kind !== 'staff') return;
  const { mustEnrol: _done, ...rest } = auth;
  request.session.auth = { ...rest, factor: 'passkey', factorAt: now.getTime() };
}
