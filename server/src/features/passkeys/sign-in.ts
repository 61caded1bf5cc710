import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { secondFactorMessages, staffMessages, type passkeyAnswerSchema } from '@sp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffPasskeys, staffUsers } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../errors.js';
import { finishStaffSignIn } from '../../shared/staff-sign-in.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { answerOptions, checkPasskeyAnswer } from './answer.js';
import { takeTicket } from './tickets.js';

/** Options for signing in with a passkey alone: no username, the browser offers the passkeys it holds. */
export const signInOptions = (ctx: AppContext, request: FastifyRequest) =>
  answerOptions(ctx, request, 'sign_in', null);

/**
 * Signs a staff member in with a passkey alone (D51): the passkey says whose it is, and having it and
 * unlocking it are the two factors. Unknown passkey: 401; the account's second-factor limit applies; a
 * deactivated account is told so only after its passkey was right, as with a password.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof passkeyAnswerSchema>,
) {
  const now = ctx.clock();
  const challenge = await takeTicket(ctx.db, body.ticket, 'sign_in', null, now);
  const [found] = await ctx.db
    .select({ passkey: staffPasskeys, user: staffUsers })
    .from(staffPasskeys)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasskeys.staff_user_id))
    .where(eq(staffPasskeys.credential_id, body.response.id));
  if (!found) throw unauthorized(secondFactorMessages.passkeyUnknown);
  const { passkey, user } = found;
  await checkPasskeyAnswer(ctx, request, passkey, body.response, challenge);
  if (!user.active) {
    await recordStaffSignIn(ctx.db, {
      staffUserId: user.id,
      outcome: 'account_inactive',
      ip: request.ip,
      at: now,
    });
    throw forbidden(staffMessages.accountInactive);
  }
  return finishStaffSignIn(ctx, request, user, { factor: 'passkey' }, now);
}
