import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SecondFactorStatus } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffPasskeys, staffRecoveryCodes, staffTotp } from '../../db/schema.js';
import { factorIsFresh, isOnlyActiveAdmin, secondFactorRequiredFor } from '../../shared/second-factor.js';
import type { StaffActor } from './own-factor.js';

/** `GET /api/second-factor`: the signed-in staff member's own second factor, for the Sign-in security page. */
export async function secondFactorStatus(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
): Promise<SecondFactorStatus> {
  const { db } = ctx;
  const id = actor.userId;
  const [[totp], passkeys, [codes], required, onlyAdmin] = await Promise.all([
    db.select({ confirmed: staffTotp.confirmed_at }).from(staffTotp).where(eq(staffTotp.staff_user_id, id)),
    db
      .select()
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staff_user_id, id))
      .orderBy(asc(staffPasskeys.created_at), asc(staffPasskeys.id)),
    db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staff_user_id, id), isNull(staffRecoveryCodes.used_at))),
    secondFactorRequiredFor(db, actor.role),
    isOnlyActiveAdmin(db, id),
  ]);
  const hasTotp = totp?.confirmed != null;
  const auth = request.session.auth;
  return {
    totp: hasTotp,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      created_at: p.created_at.toISOString(),
      last_used_at: p.last_used_at?.toISOString() ?? null,
    })),
    recovery_codes_left: codes?.n ?? 0,
    required,
    // Nothing to ask for without a factor: the sensitive actions let such a session through (D51).
    fresh:
      (!hasTotp && passkeys.length === 0) || (auth?.kind === 'staff' && factorIsFresh(auth, ctx.clock())),
    only_admin: onlyAdmin,
  };
}
