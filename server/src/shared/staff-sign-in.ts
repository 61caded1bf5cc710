import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_LOGIN_NAME,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_WINDOW_MS,
  secondFactorMessages,
  type StaffSignInOutcome,
} from '@sp/domain';
import { writeAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { loginFailures, staffUsers } from '../db/schema.js';
import { retryLater } from '../errors.js';
import type { SessionAuth } from '../plugins/session.js';
import { completeSignIn, nthRecentFailure, type LockoutCheck, type SignInAttempt } from './login-failures.js';
import { recordStaffSignIn } from './staff-sign-ins.js';

export type StaffUser = typeof staffUsers.$inferSelect;
export type SignInFactor = NonNullable<Extract<SessionAuth, { kind: 'staff' }>['factor']>;

export const staffAttempt = (ctx: AppContext, request: FastifyRequest, username: string): SignInAttempt => ({
  kind: 'staff',
  account: username,
  ip: request.ip,
  addressMax: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
});

const historyOutcome: Record<SignInFactor, StaffSignInOutcome> = {
  totp: 'signed_in',
  recovery: 'recovery_code_used',
  passkey: 'signed_in_passkey',
};

/**
 * The end of every staff sign-in, by password alone, password and code, or passkey (D51): a new session with
 * how it was verified (`factor`, `factorAt`), a one-time password's `limited` and a missing required factor's
 * `mustEnrol`; the account's and pair's failures cleared (and, with a factor, its second-factor failures); the
 * last-sign-in stamp, the audit row and the sign-in history. Answers as `POST /api/admin-login` does.
 */
export async function finishStaffSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  user: StaffUser,
  options: {
    /** The second factor given; none when the password alone signs in (no factor, or none required yet). */
    factor?: SignInFactor;
    /** Sign the account in only to set up the second factor the school requires. */
    mustEnrol?: boolean;
    /** What the password's lockout check saw; a second step always clears. */
    lockout?: LockoutCheck;
  },
  now: Date,
) {
  const limited = user.password_reset === 1;
  const { factor } = options;
  await completeSignIn(
    ctx,
    request,
    staffAttempt(ctx, request, user.username),
    options.lockout ?? { failuresToClear: true },
    {
      auth: {
        kind: 'staff',
        userId: user.id,
        username: user.username,
        name: user.full_name,
        role: user.role,
        ...(limited ? { limited: true } : {}),
        ...(options.mustEnrol ? { mustEnrol: true as const } : {}),
        ...(factor ? { factor, factorAt: now.getTime() } : {}),
      },
      stampLastLogin: (db, at, id) =>
        db.update(staffUsers).set({ last_login_at: at }).where(eq(staffUsers.id, id)),
      account: user.id,
      audit: {
        action: 'admin_login',
        actorKind: 'admin',
        actorId: user.username,
        ...(factor ? { detail: { factor } } : {}),
      },
    },
    now,
  );
  if (factor) await ctx.db.delete(loginFailures).where(eq(loginFailures.key, secondFactorKey(user.id)));
  await recordStaffSignIn(ctx.db, {
    staffUserId: user.id,
    outcome: factor ? historyOutcome[factor] : 'signed_in',
    ip: request.ip,
    at: now,
  });
  return staffSignInAnswer(user, options.mustEnrol ? 'enrol' : null);
}

/** The answer of a staff sign-in's step (AdminLoginResponse): `second_factor` says what comes next. */
export const staffSignInAnswer = (user: StaffUser, secondFactor: 'code' | 'enrol' | null) => ({
  name: ADMIN_LOGIN_NAME,
  username: user.username,
  full_name: user.full_name,
  password_reset: user.password_reset === 1 ? (1 as const) : (0 as const),
  second_factor: secondFactor,
});

/** Second-factor failures of one account, whatever the address (D51): a counter of their own. */
const secondFactorKey = (userId: number) => `staff-2fa:${userId}`;

/**
 * 429 tooMany while the account has SECOND_FACTOR_MAX_FAILURES wrong codes, recovery codes or passkeys within
 * SECOND_FACTOR_WINDOW_MS, saying when the oldest of them leaves the window. Checked before any code.
 */
export async function refuseWhenSecondFactorLocked(db: Db, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - SECOND_FACTOR_WINDOW_MS);
  const oldest = await nthRecentFailure(db, secondFactorKey(userId), SECOND_FACTOR_MAX_FAILURES, since);
  if (oldest === undefined) return;
  throw retryLater(oldest.getTime() + SECOND_FACTOR_WINDOW_MS - now.getTime(), secondFactorMessages.tooMany);
}

/** Counts a wrong second factor of the account and writes it to the audit log (the caller writes the history). */
export async function recordSecondFactorFailure(
  db: Db,
  userId: number,
  ip: string | null,
  now: Date,
): Promise<void> {
  await db.insert(loginFailures).values({ key: secondFactorKey(userId), at: now });
  await writeAudit(db, {
    action: 'admin_login_failed',
    actorKind: 'anonymous',
    ip,
    at: now,
    detail: { reason: 'second_factor', staff_user_id: userId },
  });
}
