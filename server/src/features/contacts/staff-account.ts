import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAccount } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { confirmedAddresses, staffUsers } from '../../db/schema.js';
import { normaliseAddress } from '../../mail/addresses.js';
import { staffEmailConfirmation } from '../../mail/staff-address.js';
import { actorOf } from '../../plugins/auth.js';
import { queueConfirmLink, refuseTooManyConfirmLinks } from './send-confirm-link.js';

/** The signed-in staff member, as the route's guard found them. */
function staffActor(request: FastifyRequest) {
  const actor = actorOf(request);
  if (actor.kind !== 'staff') throw new Error('staff route without a staff guard');
  return actor;
}

/** The signed-in staff member's own account: the address counts as confirmed only while it is the account's. */
export async function ownStaffAccount(ctx: AppContext, request: FastifyRequest): Promise<StaffAccount> {
  const { userId } = staffActor(request);
  const [row] = await ctx.db
    .select({
      username: staffUsers.username,
      full_name: staffUsers.full_name,
      email: staffUsers.email,
      email_confirmed: sql<boolean>`${confirmedAddresses.address} is not null`,
    })
    .from(staffUsers)
    .leftJoin(confirmedAddresses, staffEmailConfirmation)
    .where(eq(staffUsers.id, userId));
  return row!;
}

/**
 * A staff member sets their own e-mail address: saved as typed (lower-cased), and a confirmation link sent to
 * it; until it is opened a forgotten password sends nothing. Audited with the old and new address.
 */
export async function setOwnStaffEmail(
  ctx: AppContext,
  request: FastifyRequest,
  email: string,
): Promise<StaffAccount> {
  const actor = staffActor(request);
  const owner = { kind: 'staff' as const, id: String(actor.userId) };
  await refuseTooManyConfirmLinks(ctx, owner);
  const address = normaliseAddress(email);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: staffUsers.email, name: staffUsers.full_name })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.userId))
      .for('update');
    await tx.update(staffUsers).set({ email: address }).where(eq(staffUsers.id, actor.userId));
    await queueConfirmLink(
      ctx,
      tx,
      { owner, address, whose: `${before!.name} (${actor.id})`, studentId: null },
      now,
    );
    await writeAudit(tx, {
      action: 'staff_email_change',
      actorKind: 'admin',
      actorId: actor.id,
      field: 'email',
      oldValue: before!.email,
      newValue: address,
      ip: request.ip,
      at: now,
    });
  });
  return ownStaffAccount(ctx, request);
}
