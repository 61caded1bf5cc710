import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SECOND_FACTOR_PENDING_MS, secondFactorMessages } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffUsers } from '../../db/schema.js';
import { unauthorized } from '../../errors.js';
import { finishStaffSignIn } from '../../shared/staff-sign-in.js';
import { checkSecondFactor, type GivenFactor } from './check.js';

/**
 * `POST /api/admin-login/second-factor`: the second step of a staff sign-in (D51), after the right password
 * left the session waiting (`pendingSecondFactor`) for at most SECOND_FACTOR_PENDING_MS. A right code signs
 * in; a one-time password still has to be replaced after it.
 */
export async function signInSecondStep(ctx: AppContext, request: FastifyRequest, given: GivenFactor) {
  const now = ctx.clock();
  const pending = request.session.pendingSecondFactor;
  if (!pending || now.getTime() - pending.at > SECOND_FACTOR_PENDING_MS)
    throw unauthorized(secondFactorMessages.noPendingSignIn);
  const [user] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, pending.userId));
  // Deactivated since the password: start over, where the password step says why.
  if (!user?.active) {
    await request.session.destroy();
    throw unauthorized(secondFactorMessages.noPendingSignIn);
  }
  const factor = await checkSecondFactor(ctx, user.id, given, request.ip, now);
  return finishStaffSignIn(ctx, request, user, { factor }, now);
}
