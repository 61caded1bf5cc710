import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_LOGIN_NAME, messages, staffMessages, type AdminLogin } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffUsers } from '../../db/schema.js';
import { AppError, forbidden, unauthorized } from '../../errors.js';
import {
  completeSignIn,
  recordLoginFailure,
  refuseWhenLockedOut,
  type SignInAttempt,
} from './login-failures.js';
import { verifyPassword } from '../../shared/passwords.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { findStaffUser } from '../../shared/staff-users.js';

export const staffAttempt = (ctx: AppContext, request: FastifyRequest, username: string): SignInAttempt => ({
  kind: 'staff',
  account: username,
  ip: request.ip,
  addressMax: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
});

/**
 * Staff sign-in (D6). The response's `name` is 'Admin', the marker the spec's client looks for. A one-time
 * password opens a limited session that may only choose a new password. Each attempt on an existing
 * account goes to its sign-in history.
 */
export async function signInStaff(ctx: AppContext, request: FastifyRequest, body: AdminLogin) {
  const now = ctx.clock();
  const attempt = staffAttempt(ctx, request, body.name);
  const user = await findStaffUser(ctx.db, body.name);
  const history = (outcome: Parameters<typeof recordStaffSignIn>[1]['outcome']) =>
    user ? recordStaffSignIn(ctx.db, { staffUserId: user.id, outcome, ip: request.ip, at: now }) : undefined;

  const lockout = await refuseWhenLockedOut(ctx.db, attempt, now).catch(async (err: unknown) => {
    if (err instanceof AppError && err.statusCode === 429) await history('locked_out');
    throw err;
  });

  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx.db, attempt, now, {
      action: 'admin_login_failed',
      actorKind: 'anonymous',
      actorId: body.name,
    });
    await history('wrong_password');
    throw unauthorized(messages.adminLoginFailed);
  }
  if (!user.active) {
    // Said only after the password matched, like a withdrawn student (D29).
    await recordLoginFailure(ctx.db, attempt, now, {
      action: 'admin_login_failed',
      actorKind: 'anonymous',
      actorId: body.name,
      detail: { reason: 'deactivated' },
    });
    await history('account_inactive');
    throw forbidden(staffMessages.accountInactive);
  }

  const limited = user.password_reset === 1;
  await completeSignIn(
    ctx,
    request,
    attempt,
    lockout,
    {
      auth: {
        kind: 'staff',
        userId: user.id,
        username: user.username,
        name: user.full_name,
        role: user.role,
        ...(limited ? { limited: true } : {}),
      },
      stampLastLogin: (db, at, id) =>
        db.update(staffUsers).set({ last_login_at: at }).where(eq(staffUsers.id, id)),
      account: user.id,
      audit: { action: 'admin_login', actorKind: 'admin', actorId: user.username },
    },
    now,
  );
  await history('signed_in');
  return {
    name: ADMIN_LOGIN_NAME,
    username: user.username,
    full_name: user.full_name,
    password_reset: limited ? (1 as const) : (0 as const),
  };
}
