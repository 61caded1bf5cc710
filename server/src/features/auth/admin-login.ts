import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_LOGIN_NAME, messages, type AdminLogin } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffUsers } from '../../db/schema.js';
import { unauthorized } from '../../errors.js';
import {
  completeSignIn,
  recordLoginFailure,
  refuseWhenLockedOut,
  type SignInAttempt,
} from './login-failures.js';
import { verifyPassword } from '../../shared/passwords.js';
import { findStaffUser } from '../../shared/staff-users.js';

/** Staff sign-in (D6). The response's `name` is 'Admin', the marker the spec's client looks for. */
export async function signInStaff(ctx: AppContext, request: FastifyRequest, body: AdminLogin) {
  const now = ctx.clock();
  const attempt: SignInAttempt = {
    kind: 'staff',
    account: body.name,
    ip: request.ip,
    addressMax: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
  };
  await refuseWhenLockedOut(ctx.db, attempt, now);

  const user = await findStaffUser(ctx.db, body.name);
  const ok = await verifyPassword(user?.active ? user.password_hash : null, body.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx.db, attempt, now, {
      action: 'admin_login_failed',
      actorKind: 'anonymous',
      actorId: body.name,
    });
    throw unauthorized(messages.adminLoginFailed);
  }

  await completeSignIn(
    ctx,
    request,
    attempt,
    {
      auth: {
        kind: 'admin',
        userId: user.id,
        username: user.username,
        name: user.full_name,
        role: user.role,
      },
      stampLastLogin: (db, at) =>
        db.update(staffUsers).set({ last_login_at: at }).where(eq(staffUsers.id, user.id)),
      audit: { action: 'admin_login', actorKind: 'admin', actorId: user.username },
    },
    now,
  );
  return { name: ADMIN_LOGIN_NAME, username: user.username, full_name: user.full_name };
}
