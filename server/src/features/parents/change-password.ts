import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages, passwordProblem, staffMessages, type ParentChangePassword } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { parents } from '../../db/schema.js';
import { badRequest, forbidden } from '../../errors.js';
import { actorOf } from '../../plugins/auth.js';
import { endParentSessions, startSignedInSession } from '../../plugins/session.js';
import { hashPassword, verifyPassword } from '../../shared/passwords.js';
import { clearLoginFailures, recordLoginFailure, refuseWhenLockedOut } from '../../shared/login-failures.js';
import { parentAttempt } from './parent-login.js';

/**
 * A parent sets their own password (never the child's): the current one must match, and checking it is a
 * sign-in attempt (D5). The change ends the account's other sessions; the children's own sessions stay.
 */
export async function changeParentPassword(
  ctx: AppContext,
  request: FastifyRequest,
  body: ParentChangePassword,
): Promise<{ name: string; email: string }> {
  const actor = actorOf(request);
  if (actor.kind !== 'parent') throw forbidden(messages.forbidden);
  const [parent] = await ctx.db.select().from(parents).where(eq(parents.id, actor.parentId));
  if (!parent) throw forbidden(messages.forbidden);
  const now = ctx.clock();
  const attempt = parentAttempt(ctx, request, parent.email);
  await refuseWhenLockedOut(ctx.db, attempt, now);
  if (!(await verifyPassword(parent.password_hash, body.old_password))) {
    await recordLoginFailure(ctx.db, attempt, now, {
      action: 'password_change_failed',
      actorKind: 'parent',
      actorId: String(parent.id),
    });
    throw badRequest(messages.wrongOldPassword, 'old_password');
  }
  await clearLoginFailures(ctx.db, attempt);
  const problem = passwordProblem(body.password, {});
  if (problem) throw badRequest(problem, 'password');
  if (body.password === body.old_password) throw badRequest(staffMessages.samePassword, 'password');

  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(parents).set({ password_hash: passwordHash }).where(eq(parents.id, parent.id));
    await writeAudit(tx, {
      action: 'password_change',
      actorKind: 'parent',
      actorId: String(parent.id),
      ip: request.ip,
      at: now,
    });
  });
  // A new session id for this browser, and every other browser of the account signed out.
  await startSignedInSession(
    request,
    { kind: 'parent', parentId: parent.id, email: parent.email, name: parent.name },
    now,
  );
  await endParentSessions(ctx.db, parent.id, request.session.sessionId);
  return { name: parent.name, email: parent.email };
}
