import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { parentMessages, type ParentLogin } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { parents } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../errors.js';
import {
  completeSignIn,
  recordLoginFailure,
  refuseWhenLockedOut,
  type SignInAttempt,
} from '../../shared/login-failures.js';
import { verifyPassword } from '../../shared/passwords.js';

export const parentAttempt = (ctx: AppContext, request: FastifyRequest, email: string): SignInAttempt => ({
  kind: 'parent',
  account: email,
  ip: request.ip,
  addressMax: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
});

/**
 * A parent's sign-in (D50) with D5's limits, counted apart from students and staff. An unconfirmed or
 * deactivated account is said so only after the password matched, so the answer tells a stranger nothing.
 */
export async function signInParent(ctx: AppContext, request: FastifyRequest, body: ParentLogin) {
  const now = ctx.clock();
  const attempt = parentAttempt(ctx, request, body.email);
  const lockout = await refuseWhenLockedOut(ctx.db, attempt, now);
  const [parent] = await ctx.db.select().from(parents).where(eq(parents.email, body.email));
  const ok = await verifyPassword(parent?.password_hash, body.password);
  const failed = (reason?: string) =>
    recordLoginFailure(ctx.db, attempt, now, {
      action: 'parent_login_failed',
      actorKind: 'anonymous',
      actorId: body.email.slice(0, 50),
      ...(reason ? { detail: { reason } } : {}),
    });
  if (!parent || !ok) {
    await failed();
    throw unauthorized(parentMessages.wrongPassword);
  }
  if (!parent.confirmed_at) throw forbidden(parentMessages.notConfirmed);
  if (!parent.active) {
    await failed('deactivated');
    throw forbidden(parentMessages.deactivated);
  }
  await completeSignIn(
    ctx,
    request,
    attempt,
    lockout,
    {
      auth: { kind: 'parent', parentId: parent.id, email: parent.email, name: parent.name },
      stampLastLogin: (db, at, id) => db.update(parents).set({ last_login_at: at }).where(eq(parents.id, id)),
      account: parent.id,
      audit: { action: 'parent_login', actorKind: 'parent', actorId: String(parent.id) },
    },
    now,
  );
  return { name: parent.name, email: parent.email };
}
