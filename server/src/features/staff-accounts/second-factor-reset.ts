import { count, eq, isNotNull } from 'drizzle-orm';
import { messages, secondFactorMessages, type StaffUser } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import {
  confirmedAddresses,
  staffPasskeys,
  staffRecoveryCodes,
  staffTotp,
  staffUsers,
  webauthnChallenges,
} from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { queueMail } from '../../mail/outbox.js';
import { renderMail, schoolBrand } from '../../mail/render.js';
import { staffEmailConfirmation } from '../../mail/staff-address.js';
import type { Actor } from '../../plugins/auth.js';
import { endStaffSessions } from '../../plugins/session.js';
import { staffSecondFactors } from '../../shared/second-factor.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { publicUrl } from '../../config.js';

type SecondFactor = StaffUser['second_factor'];
export type StaffActor = Extract<Actor, { kind: 'staff' }>;
const NONE: SecondFactor = { totp: false, passkeys: 0 };

/** Every account's second factor (D51) in two grouped reads, for the staff list. */
export async function secondFactorsByStaffUser(db: Pick<Db, 'select'>): Promise<Map<number, SecondFactor>> {
  const [apps, passkeys] = await Promise.all([
    db.select({ id: staffTotp.staff_user_id }).from(staffTotp).where(isNotNull(staffTotp.confirmed_at)),
    db
      .select({ id: staffPasskeys.staff_user_id, n: count() })
      .from(staffPasskeys)
      .groupBy(staffPasskeys.staff_user_id),
  ]);
  const byUser = new Map<number, SecondFactor>();
  const of = (id: number) => byUser.get(id) ?? { ...NONE };
  for (const { id } of apps) byUser.set(id, { ...of(id), totp: true });
  for (const { id, n } of passkeys) byUser.set(id, { ...of(id), passkeys: n });
  return byUser;
}

export const secondFactorOf = (byUser: Map<number, SecondFactor>, id: number): SecondFactor =>
  byUser.get(id) ?? NONE;

const describe = (f: SecondFactor) =>
  [f.totp && 'authenticator app', f.passkeys > 0 && `${f.passkeys} passkey${f.passkeys === 1 ? '' : 's'}`]
    .filter(Boolean)
    .join(', ');

/**
 * An administrator removes another staff member's second factor (D51): the app, passkeys, recovery codes and
 * any open WebAuthn challenge go, and every session of the account ends, a sign-in waiting for its code
 * included, so whoever holds the lost phone or key is out at once. The person signs in again with the password
 * and, where the school's rule requires one, sets up a new factor. They are told by e-mail in case it was not
 * their request. One's own factor is removed from one's own page, where the last-admin rule applies.
 */
export async function resetSecondFactor(ctx: AppContext, actor: StaffActor, id: number): Promise<void> {
  if (actor.userId === id) throw new AppError(400, secondFactorMessages.notOwnReset);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    // Locks the account, so two administrators resetting it at once write one reset, and the other gets 409.
    const [user] = await tx
      .select({
        username: staffUsers.username,
        name: staffUsers.full_name,
        address: confirmedAddresses.address,
      })
      .from(staffUsers)
      .leftJoin(confirmedAddresses, staffEmailConfirmation)
      .where(eq(staffUsers.id, id))
      .for('update', { of: staffUsers });
    if (!user) throw notFound(messages.notFound);
    const before = await staffSecondFactors(tx, id);
    if (!before.totp && before.passkeys === 0) throw new AppError(409, secondFactorMessages.noFactorToReset);

    await tx.delete(staffTotp).where(eq(staffTotp.staff_user_id, id));
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.staff_user_id, id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_user_id, id));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.staff_user_id, id));
    await endStaffSessions(tx, id);
    await writeAudit(tx, {
      action: 'staff_user',
      ...auditActor(actor),
      field: 'second_factor',
      oldValue: describe(before),
      newValue: 'none',
      detail: { staff_user: user.username, reset: true },
      at: now,
    });
    await recordStaffSignIn(tx, { staffUserId: id, outcome: 'second_factor_reset', ip: actor.ip, at: now });
    if (user.address) await queueResetMail(ctx, tx, { to: user.address, name: user.name }, actor, now);
  });
}

async function queueResetMail(
  ctx: AppContext,
  tx: Tx,
  person: { to: string; name: string },
  actor: StaffActor,
  now: Date,
): Promise<void> {
  const [by] = await tx
    .select({ name: staffUsers.full_name })
    .from(staffUsers)
    .where(eq(staffUsers.id, actor.userId));
  const data = { name: person.name, by: by?.name ?? actor.id, link: `${publicUrl(ctx.config)}/admin` };
  const brand = await schoolBrand(tx, ctx.config);
  await queueMail(
    tx,
    [{ kind: 'second_factor_reset', to: person.to, ...renderMail('second_factor_reset', data, brand) }],
    now,
  );
}
