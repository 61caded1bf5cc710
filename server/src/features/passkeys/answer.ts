import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { secondFactorMessages, type StaffSignInOutcome } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffPasskeys } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import type { PasskeyRow } from './passkeys.js';
import { expectedAnswer, relyingParty, verdict } from './relying-party.js';
import { issueTicket, type TicketPurpose } from './tickets.js';

/**
 * Options for using a passkey (signing in, or asking again), with their ticket. `allow`: the account's own
 * credentials; none lets the browser offer every passkey it holds for this site (a discoverable sign-in).
 */
export async function answerOptions(
  ctx: AppContext,
  request: FastifyRequest,
  purpose: Exclude<TicketPurpose, 'register'>,
  staffUserId: number | null,
  allow?: Pick<PasskeyRow, 'credential_id' | 'transports'>[],
) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx, request).id,
    userVerification: 'required',
    ...(allow
      ? {
          allowCredentials: allow.map((c) => ({
            id: c.credential_id,
            ...(c.transports ? { transports: c.transports } : {}),
          })),
        }
      : {}),
  });
  const ticket = await issueTicket(ctx.db, purpose, staffUserId, options.challenge, ctx.clock());
  return { ticket, options: options as unknown as Record<string, unknown> };
}

/**
 * Whether the passkey signed the ticket's challenge on this site with its user verified, its signature counter
 * moving forward. A counter that does not (both the stored and the new one non-zero, the new one not larger)
 * means the key was copied: the library refuses it. The counter is moved with a compare-and-set, so of two
 * answers checked at once against one stored counter only one counts.
 */
async function answerHolds(
  ctx: AppContext,
  request: FastifyRequest,
  passkey: PasskeyRow,
  response: unknown,
  challenge: string,
  now: Date,
): Promise<boolean> {
  const result = await verdict(
    request,
    verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expectedAnswer(ctx, request, challenge),
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
      },
    }),
  );
  if (!result?.verified) return false;
  const moved = await ctx.db
    .update(staffPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, last_used_at: now })
    .where(and(eq(staffPasskeys.id, passkey.id), eq(staffPasskeys.counter, passkey.counter)))
    .returning({ id: staffPasskeys.id });
  return moved.length > 0;
}

/**
 * Checks a passkey's answer for its account (D51). A signature cannot be guessed, so the second-factor limit on
 * app codes neither refuses nor counts it: whoever knows the password and types wrong codes does not lock the
 * owner's passkey out (ADR 0043). A wrong answer goes to the sign-in history and is 400 passkeyFailed.
 */
export async function checkPasskeyAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  passkey: PasskeyRow,
  response: unknown,
  challenge: string,
): Promise<void> {
  const now = ctx.clock();
  const userId = passkey.staff_user_id;
  const history = (outcome: StaffSignInOutcome) =>
    recordStaffSignIn(ctx.db, { staffUserId: userId, outcome, ip: request.ip, at: now });
  if (await answerHolds(ctx, request, passkey, response, challenge, now)) return;
  await history('passkey_failed');
  throw badRequest(secondFactorMessages.passkeyFailed, 'response');
}
