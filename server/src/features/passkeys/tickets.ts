import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { WEBAUTHN_TICKET_MS, secondFactorMessages } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { webauthnChallenges } from '../../db/schema.js';
import { badRequest } from '../../errors.js';

export type TicketPurpose = 'register' | 'sign_in' | 'verify';

/**
 * The challenge of a WebAuthn call is kept on the server under a random ticket the page sends back with the
 * answer, not in the session: a sign-in has no session yet, and two tabs may each be adding a passkey. A
 * ticket names its purpose and account (none for a sign-in), lives WEBAUTHN_TICKET_MS and is used once.
 */
export async function issueTicket(
  db: Db,
  purpose: TicketPurpose,
  staffUserId: number | null,
  challenge: string,
  now: Date,
): Promise<string> {
  // Tickets nobody answered go as new ones are handed out, so the table holds minutes of them at most.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expires_at, now));
  const ticket = randomBytes(32).toString('base64url');
  await db.insert(webauthnChallenges).values({
    ticket,
    challenge,
    purpose,
    staff_user_id: staffUserId,
    expires_at: new Date(now.getTime() + WEBAUTHN_TICKET_MS),
  });
  return ticket;
}

/**
 * The challenge of a live ticket of this purpose and account, deleted as it is read, so of two answers sent
 * with one ticket only the first is checked. An unknown, used, expired or foreign ticket: 400 ticketExpired.
 */
export async function takeTicket(
  db: Db,
  ticket: string,
  purpose: TicketPurpose,
  staffUserId: number | null,
  now: Date,
): Promise<string> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.ticket, ticket),
        eq(webauthnChallenges.purpose, purpose),
        staffUserId === null
          ? isNull(webauthnChallenges.staff_user_id)
          : eq(webauthnChallenges.staff_user_id, staffUserId),
        gt(webauthnChallenges.expires_at, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) throw badRequest(secondFactorMessages.ticketExpired, 'ticket');
  return row.challenge;
}
