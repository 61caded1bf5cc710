import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { secondFactorMessages, type Passkey, type removeFactorSchema } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffPasskeys } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { spendRecoveryCode, voidRecoveryCodes } from '../../shared/recovery-codes.js';
import {
  isOnlyActiveAdmin,
  secondFactorRequiredFor,
  staffSecondFactors,
} from '../../shared/second-factor.js';
import { recordFactorChange } from '../../shared/factor-changes.js';
import { lockAccount, ownPasskey, toPasskey, type StaffActor } from './passkeys.js';

export async function renamePasskey(
  ctx: AppContext,
  actor: StaffActor,
  id: number,
  name: string,
): Promise<Passkey> {
  const [row] = await ctx.db
    .update(staffPasskeys)
    .set({ name })
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staff_user_id, actor.userId)))
    .returning();
  if (!row) throw notFound(secondFactorMessages.passkeyNotFound);
  return toPasskey(row);
}

/**
 * Removes one of the account's own passkeys. The last second factor of the only active administrator goes only
 * with one of their recovery codes (used up by it): nobody else could reset it, and a stolen session alone must
 * not strip the school's last administrator of it (403 lastAdminNeedsRecovery).
 */
export async function removePasskey(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
  id: number,
  body: z.infer<typeof removeFactorSchema>,
): Promise<void> {
  const now = ctx.clock();
  const last = await ctx.db.transaction(async (tx) => {
    // Two removals at once see each other's result.
    await lockAccount(tx, actor.userId);
    await ownPasskey(tx, actor.userId, id);
    const factors = await staffSecondFactors(tx, actor.userId);
    const last = !factors.totp && factors.passkeys === 1;
    if (last && (await isOnlyActiveAdmin(tx, actor.userId, true))) {
      const spent =
        body.recovery_code !== undefined &&
        (await spendRecoveryCode(tx, actor.userId, body.recovery_code, now));
      if (!spent) {
        const message = secondFactorMessages.lastAdminNeedsRecovery;
        throw new AppError(403, message, [{ field: 'recovery_code', message }]);
      }
      await recordFactorChange(tx, actor, 'recovery_code_used', now);
    }
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.id, id));
    if (last) await voidRecoveryCodes(tx, actor.userId);
    await recordFactorChange(tx, actor, 'passkey_removed', now);
    return last;
  });
  // As when the authenticator app goes: a session left without the factor the school requires may then only
  // set one up again.
  const auth = request.session.auth;
  if (last && auth?.kind === 'staff' && (await secondFactorRequiredFor(ctx.db, actor.role)))
    request.session.auth = { ...auth, mustEnrol: true };
}
