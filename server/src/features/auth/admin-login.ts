import type { FastifyRequest } from 'fastify';
import { messages, staffMessages, type AdminLogin } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, unauthorized } from '../../errors.js';
import { recordLoginFailure, refuseWhenLockedOut } from '../../shared/login-failures.js';
import { verifyPassword } from '../../shared/passwords.js';
import { hasSecondFactor, secondFactorRequiredFor } from '../../shared/second-factor.js';
import {
  finishStaffSignIn,
  staffAttempt,
  staffSignInAnswer,
  type StaffUser,
} from '../../shared/staff-sign-in.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { findStaffUser } from '../../shared/staff-users.js';

/**
 * Staff sign-in (D6). The response's `name` is 'Admin', the marker the spec's client looks for. A one-time
 * password opens a limited session that may only choose a new password. Each attempt on an existing
 * account goes to its sign-in history. D51: an account with a second factor counts its failures per address
 * only and signs in after the second step; one without the factor the school requires may only set one up.
 */
export async function signInStaff(ctx: AppContext, request: FastifyRequest, body: AdminLogin) {
  const now = ctx.clock();
  const user = await findStaffUser(ctx.db, body.name);
  const hasFactor = user !== undefined && (await hasSecondFactor(ctx.db, user.id));
  const attempt = { ...staffAttempt(ctx, request, body.name), pairOnly: hasFactor };
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

  if (hasFactor) return awaitSecondFactor(ctx, request, user, now);
  const mustEnrol = await secondFactorRequiredFor(ctx.db, user.role);
  return finishStaffSignIn(ctx, request, user, { lockout, mustEnrol }, now);
}

/**
 * D51: the right password of an account with a second factor signs nobody in; a new session waits for the
 * code (or a passkey) for SECOND_FACTOR_PENDING_MS. Its history row comes with the second step.
 */
async function awaitSecondFactor(ctx: AppContext, request: FastifyRequest, user: StaffUser, now: Date) {
  await request.session.regenerate();
  request.session.pendingSecondFactor = { userId: user.id, at: now.getTime() };
  await writeAudit(ctx.db, {
    action: 'admin_login',
    actorKind: 'anonymous',
    actorId: user.username,
    ip: request.ip,
    at: now,
    detail: { step: 'password', second_factor: 'pending' },
  });
  return staffSignInAnswer(user, 'code');
}
