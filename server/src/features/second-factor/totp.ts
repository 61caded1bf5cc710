import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { verify } from 'otplib';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_TOLERANCE_STEPS } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { staffTotp } from '../../db/schema.js';

/**
 * The time step of `code` under `secret` at `now`, within TOTP_TOLERANCE_STEPS either side (a phone's clock a
 * little off), or null when it does not match.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_STEPS * TOTP_PERIOD_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a code of the account's confirmed authenticator app and, when it matches, takes its time step: a code
 * is accepted once. The conditional update decides between two requests with one code (two browsers, or a code
 * read over a shoulder): exactly one of them moves `last_time_step` on.
 */
export async function acceptTotp(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<'accepted' | 'wrong' | 'used'> {
  const [row] = await db
    .select({ secret: staffTotp.secret, last: staffTotp.last_time_step })
    .from(staffTotp)
    .where(and(eq(staffTotp.staff_user_id, userId), isNotNull(staffTotp.confirmed_at)));
  if (!row) return 'wrong';
  const step = await totpStep(row.secret, code, now);
  if (step === null) return 'wrong';
  if (row.last !== null && step <= row.last) return 'used';
  const taken = await db
    .update(staffTotp)
    .set({ last_time_step: step })
    .where(
      and(
        eq(staffTotp.staff_user_id, userId),
        or(isNull(staffTotp.last_time_step), lt(staffTotp.last_time_step, step)),
      ),
    )
    .returning({ id: staffTotp.staff_user_id });
  return taken.length === 1 ? 'accepted' : 'used';
}
