import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { secondFactorMessages, type passkeyAnswerSchema } from '@sp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffPasskeys } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { answerOptions, checkPasskeyAnswer } from './answer.js';
import { notePasskeyGiven, type StaffActor } from './passkeys.js';
import { takeTicket } from './tickets.js';

const passkeysOf = (ctx: AppContext, staffUserId: number) =>
  ctx.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_user_id, staffUserId));

/** Options for giving one of the own passkeys again (a sensitive action asked for it). */
export async function verifyOptions(ctx: AppContext, request: FastifyRequest, actor: StaffActor) {
  const own = await passkeysOf(ctx, actor.userId);
  if (own.length === 0) throw notFound(secondFactorMessages.passkeyNotFound);
  return answerOptions(ctx, request, 'verify', actor.userId, own);
}

/**
 * Asking again (D51): one of the account's own passkeys answered the ticket's challenge, so the session has given
 * its second factor now. Another account's passkey is no answer.
 */
export async function verifyWithPasskey(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
  body: z.infer<typeof passkeyAnswerSchema>,
): Promise<void> {
  const now = ctx.clock();
  const challenge = await takeTicket(ctx.db, body.ticket, 'verify', actor.userId, now);
  const passkey = (await passkeysOf(ctx, actor.userId)).find((p) => p.credential_id === body.response.id);
  if (!passkey) throw notFound(secondFactorMessages.passkeyNotFound);
  await checkPasskeyAnswer(ctx, request, passkey, body.response, challenge);
  notePasskeyGiven(request, now);
}
