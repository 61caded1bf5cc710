import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages, passwordProblem, staffMessages, type ChangeStaffPassword } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { staffUsers } from '../../db/schema.js';
import { badRequest, forbidden } from '../../errors.js';
import { currentStaffUser, sessionAuth } from '../../plugins/auth.js';
import { endStaffSessions, startSignedInSession } from '../../plugins/session.js';
import { hashPassword, verifyPassword } from '../../shared/passwords.js';
import { hasSecondFactor, secondFactorRequiredFor } from '../../shared/second-factor.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { staffAttempt } from '../../shared/staff-sign-in.js';
import { clearLoginFailures, recordLoginFailure, refuseWhenLockedOut } from '../../shared/login-failures.js';

/**
 * A staff member sets their own password: after signing in with a one-time password no current password
 * is asked; otherwise the current one must match, and checking it is a sign-in attempt (ADR 0013). The
 * same rules as students' passwords apply. The change ends the account's other sessions.
 */
export async function changeStaffPassword(
  ctx: AppContext,
  request: FastifyRequest,
  body: ChangeStaffPassword,
): Promise<{ username: string; full_name: string }> {
  const auth = sessionAuth(request);
  if (auth.kind !== 'staff') throw forbidden(messages.forbidden);
  const user = await currentStaffUser(request, auth.userId);
  const now = ctx.clock();
  const hasFactor = await hasSecondFactor(ctx.db, user.id);

  if (!auth.limited) {
    if (body.old_password === undefined) throw badRequest(messages.required, 'old_password');
    const attempt = { ...staffAttempt(ctx, request, user.username), pairOnly: hasFactor };
    await refuseWhenLockedOut(ctx.db, attempt, now);
    if (!(await verifyPassword(user.password_hash, body.old_password))) {
      await recordLoginFailure(ctx.db, attempt, now, {
        action: 'password_change_failed',
        actorKind: 'admin',
        actorId: user.username,
      });
      await recordStaffSignIn(ctx.db, {
        staffUserId: user.id,
        outcome: 'wrong_current_password',
        ip: request.ip,
        at: now,
      });
      throw badRequest(messages.wrongOldPassword, 'old_password');
    }
    await clearLoginFailures(ctx.db, attempt);
  }
  const problem = passwordProblem(body.password, { username: user.username });
  if (problem) throw badRequest(problem, 'password');
  if (await verifyPassword(user.password_hash, body.password))
    throw badRequest(staffMessages.samePassword, 'password');

  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ password_hash: passwordHash, password_reset: 0 })
      .where(eq(staffUsers.id, user.id));
    await writeAudit(tx, {
      action: 'password_change',
      actorKind: 'admin',
      actorId: user.username,
      ip: request.ip,
      at: now,
      detail: { staff_user: user.username, one_time_replaced: auth.limited === true },
    });
  });
  // D51: the session keeps the second factor it gave; one without the factor the school requires (a one-time
  // password's, or one sent to enrol) may still only set one up.
  // A session sent to enrol stays so even when the account got a factor elsewhere meanwhile: only giving one
  // lifts it.
  const mustEnrol =
    auth.mustEnrol === true || (!hasFactor && (await secondFactorRequiredFor(ctx.db, user.role)));
  await startSignedInSession(
    request,
    {
      kind: 'staff',
      userId: user.id,
      username: user.username,
      name: user.full_name,
      role: user.role,
      ...(mustEnrol ? { mustEnrol: true as const } : {}),
      ...(auth.factor && auth.factorAt !== undefined ? { factor: auth.factor, factorAt: auth.factorAt } : {}),
    },
    now,
  );
  await endStaffSessions(ctx.db, user.id, request.session.sessionId);
  return { username: user.username, full_name: user.full_name };
}
