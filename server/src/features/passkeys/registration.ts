import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import { PASSKEYS_MAX, secondFactorMessages, type passkeyRegisterSchema } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffPasskeys, staffUsers } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { hasUnusedRecoveryCodes, makeRecoveryCodes } from '../../shared/recovery-codes.js';
import { staffSecondFactors } from '../../shared/second-factor.js';
import { endStaffSessions } from '../../plugins/session.js';
import { recordFactorChange } from '../../shared/factor-changes.js';
import { conflict, lockAccount, notePasskeyGiven, toPasskey, type StaffActor } from './passkeys.js';
import { expectedAnswer, relyingParty, relyingPartyName, verdict } from './relying-party.js';
import { issueTicket, takeTicket } from './tickets.js';

/**
 * The account's user handle, kept by the authenticator with a discoverable passkey: the same for every passkey
 * of the account, so an authenticator replaces its own old one for the account rather than keeping two.
 */
const userHandle = (staffUserId: number) => new TextEncoder().encode(`staff:${staffUserId}`);

/**
 * Options for adding a passkey: a discoverable credential (it can sign in without a username) that verifies its
 * user, and none the account already has on that authenticator.
 */
export async function registrationOptions(ctx: AppContext, request: FastifyRequest, actor: StaffActor) {
  const now = ctx.clock();
  const [[user], own] = await Promise.all([
    ctx.db
      .select({ username: staffUsers.username, name: staffUsers.full_name })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.userId)),
    ctx.db
      .select({ id: staffPasskeys.credential_id, transports: staffPasskeys.transports })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staff_user_id, actor.userId)),
  ]);
  if (own.length >= PASSKEYS_MAX) throw conflict(secondFactorMessages.passkeyTooMany);
  const options = await generateRegistrationOptions({
    rpName: await relyingPartyName(ctx),
    rpID: relyingParty(ctx, request).id,
    userName: user!.username,
    userID: userHandle(actor.userId),
    userDisplayName: user!.name,
    attestationType: 'none',
    excludeCredentials: own.map((c) => ({ id: c.id, ...(c.transports ? { transports: c.transports } : {}) })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  });
  const ticket = await issueTicket(ctx.db, 'register', actor.userId, options.challenge, now);
  return { ticket, options: options as unknown as Record<string, unknown> };
}

const CREDENTIAL_ID_MAX_BYTES = 1023;

/** The new credential from the browser's answer, or 400 passkeyFailed (a wrong origin, a malformed answer). */
async function checkRegistration(
  ctx: AppContext,
  request: FastifyRequest,
  response: unknown,
  challenge: string,
) {
  const result = await verdict(
    request,
    verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      ...expectedAnswer(ctx, request, challenge),
    }),
  );
  const credential = result?.verified ? result.registrationInfo.credential : undefined;
  // WebAuthn caps credential ids at 1023 bytes (https://www.w3.org/TR/webauthn-3/#credential-id).
  if (!credential || Buffer.byteLength(credential.id, 'base64url') > CREDENTIAL_ID_MAX_BYTES)
    throw badRequest(secondFactorMessages.passkeyFailed, 'response');
  return credential;
}

/**
 * Adds a passkey to the account (at most PASSKEYS_MAX). The account's first second factor comes with its
 * recovery codes (unless it still has some); the session counts as having given the passkey.
 */
export async function registerPasskey(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
  body: z.infer<typeof passkeyRegisterSchema>,
) {
  const now = ctx.clock();
  const challenge = await takeTicket(ctx.db, body.ticket, 'register', actor.userId, now);
  const credential = await checkRegistration(ctx, request, body.response, challenge);
  const result = await ctx.db.transaction(async (tx) => {
    // Two passkeys added at once are counted one after the other.
    await lockAccount(tx, actor.userId);
    const before = await staffSecondFactors(tx, actor.userId);
    if (before.passkeys >= PASSKEYS_MAX) throw conflict(secondFactorMessages.passkeyTooMany);
    const [row] = await tx
      .insert(staffPasskeys)
      .values({
        staff_user_id: actor.userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? null,
        name: body.name,
        created_at: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw badRequest(secondFactorMessages.passkeyFailed, 'response');
    const first = !before.totp && before.passkeys === 0;
    // The account's first factor: a session opened elsewhere with the password alone ends (ADR 0043).
    if (first) await endStaffSessions(tx, actor.userId, request.session.sessionId);
    const codes =
      first && !(await hasUnusedRecoveryCodes(tx, actor.userId))
        ? await makeRecoveryCodes(tx, actor.userId, now)
        : [];
    await recordFactorChange(tx, actor, 'passkey_added', now);
    return { passkey: toPasskey(row), recovery_codes: codes };
  });
  notePasskeyGiven(request, now);
  return result;
}
