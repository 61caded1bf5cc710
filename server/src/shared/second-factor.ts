import { and, count, eq, isNotNull } from 'drizzle-orm';
import { SECOND_FACTOR_FRESH_MS, type SecondFactorPolicy } from '@sp/domain';
import type { Db } from '../db/client.js';
import { staffPasskeys, staffTotp, staffUsers } from '../db/schema.js';
import type { SessionAuth } from '../plugins/session.js';
import { readSettings } from './settings.js';

/** What second factor a staff account has: a confirmed authenticator app, and how many passkeys (D51). */
export async function staffSecondFactors(
  db: Pick<Db, 'select'>,
  staffUserId: number,
): Promise<{ totp: boolean; passkeys: number }> {
  const [[totp], [passkeys]] = await Promise.all([
    db
      .select({ id: staffTotp.staff_user_id })
      .from(staffTotp)
      .where(and(eq(staffTotp.staff_user_id, staffUserId), isNotNull(staffTotp.confirmed_at))),
    db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staff_user_id, staffUserId)),
  ]);
  return { totp: totp !== undefined, passkeys: passkeys?.n ?? 0 };
}

export async function hasSecondFactor(db: Pick<Db, 'select'>, staffUserId: number): Promise<boolean> {
  const f = await staffSecondFactors(db, staffUserId);
  return f.totp || f.passkeys > 0;
}

/** Whether the school's rule requires a second factor of an account with this role. */
export const policyRequires = (policy: SecondFactorPolicy, role: string): boolean =>
  policy === 'all' || (policy === 'admins' && role === 'admin');

export async function secondFactorRequiredFor(db: Pick<Db, 'select'>, role: string): Promise<boolean> {
  const { second_factor_policy } = await readSettings(db, ['second_factor_policy']);
  return policyRequires(second_factor_policy, role);
}

type StaffAuth = Extract<SessionAuth, { kind: 'staff' }>;

/** The session gave a second factor within SECOND_FACTOR_FRESH_MS of `now`. */
export const factorIsFresh = (auth: StaffAuth, now: Date): boolean =>
  auth.factorAt !== undefined && now.getTime() - auth.factorAt <= SECOND_FACTOR_FRESH_MS;

/**
 * Whether the account is the school's only active administrator. With `lock`, the administrators' rows stay
 * locked until the transaction ends, so no role change or other removal slips in between check and change.
 */
export async function isOnlyActiveAdmin(db: Pick<Db, 'select'>, userId: number, lock = false) {
  const admins = db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true)));
  const rows = lock ? await admins.for('update') : await admins;
  return rows.length === 1 && rows[0]!.id === userId;
}
