import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { checkSecondFactor, type GivenFactor } from './check.js';
import { noteFactorGiven, type StaffActor } from './own-factor.js';

/**
 * Asking again (D51): a sensitive action refused for a second factor given too long ago is tried again after
 * this. The code is used up as at sign-in, so a code read from someone's sign-in cannot be given here too.
 */
export async function verifyAgain(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
  given: GivenFactor,
): Promise<void> {
  const now = ctx.clock();
  const factor = await checkSecondFactor(ctx, actor.userId, given, request.ip, now);
  if (factor === 'recovery')
    await recordStaffSignIn(ctx.db, {
      staffUserId: actor.userId,
      outcome: 'recovery_code_used',
      ip: request.ip,
      at: now,
    });
  noteFactorGiven(request, factor, now);
}
