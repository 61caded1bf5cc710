import { and, asc, eq, sql } from 'drizzle-orm';
import {
  messages,
  staffMessages,
  type CreateStaffUser,
  type OneTimePassword,
  type StaffUser,
  type UpdateStaffUser,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { staffUsers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { endStaffSessions } from '../../plugins/session.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { staffSecondFactors } from '../../shared/second-factor.js';
import { listStaffSignIns } from '../../shared/staff-sign-ins.js';
import { classesOf } from '../../shared/staff-users.js';
import { checkClasses, classesByStaffUser, setClassesOf } from './staff-classes.js';
import { secondFactorOf, secondFactorsByStaffUser } from './second-factor-reset.js';
import {
  createStaffUser,
  findStaffUser,
  randomPassword,
  setStaffPassword,
} from '../../shared/staff-users.js';

type Row = typeof staffUsers.$inferSelect;
const conflict = (message: string) => new AppError(409, message);

const toStaffUser = (r: Row, classes: string[], secondFactor: StaffUser['second_factor']): StaffUser => ({
  id: r.id,
  username: r.username,
  full_name: r.full_name,
  role: r.role === 'admin' ? 'admin' : 'staff',
  active: r.active,
  password_reset: r.password_reset === 1,
  classes,
  last_login_at: r.last_login_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  second_factor: secondFactor,
});

export async function listStaffUsers(ctx: AppContext): Promise<StaffUser[]> {
  const rows = await ctx.db
    .select()
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.username})`));
  const [classes, factors] = await Promise.all([
    classesByStaffUser(ctx.db),
    secondFactorsByStaffUser(ctx.db),
  ]);
  return rows.map((r) => toStaffUser(r, classes.get(r.id) ?? [], secondFactorOf(factors, r.id)));
}

async function staffUserById(ctx: Pick<AppContext, 'db'>, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) throw notFound(messages.notFound);
  return row;
}

const staffUserWithClasses = async (ctx: Pick<AppContext, 'db'>, id: number) =>
  toStaffUser(
    await staffUserById(ctx, id),
    await classesOf(ctx.db, id),
    await staffSecondFactors(ctx.db, id),
  );

/** A new staff account with a one-time password, returned once and never again (D6, D22). */
export async function addStaffUser(
  ctx: AppContext,
  actor: Actor,
  input: CreateStaffUser,
): Promise<OneTimePassword> {
  if (await findStaffUser(ctx.db, input.username)) throw conflict(staffMessages.usernameTaken);
  // Checked before the account exists, so an unknown class leaves no account behind.
  const classes = input.classes ?? [];
  await checkClasses(ctx.db, classes);
  const password = randomPassword();
  const id = await createStaffUser(
    ctx.db,
    { username: input.username, fullName: input.full_name, role: input.role, password },
    ctx.clock(),
    { actor, oneTime: true },
  ).catch((err: unknown) => {
    throw isUniqueViolation(err) ? conflict(staffMessages.usernameTaken) : err;
  });
  if (classes.length) {
    await setClassesOf(ctx.db, id, classes);
    await writeAudit(ctx.db, classesAudit(actor, input.username, [], classes, ctx.clock()));
  }
  return { user: await staffUserWithClasses(ctx, id), password };
}

const classesAudit = (actor: Actor, username: string, before: string[], after: string[], at: Date) => ({
  action: 'staff_user' as const,
  ...auditActor(actor),
  field: 'classes',
  oldValue: before.join(', '),
  newValue: after.join(', '),
  detail: { staff_user: username },
  at,
});

/** A new one-time password for an account; its sessions end. */
export async function resetStaffPassword(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<OneTimePassword> {
  const user = await staffUserById(ctx, id);
  const password = randomPassword();
  await setStaffPassword(ctx.db, user.username, password, ctx.clock(), { actor, oneTime: true });
  return { user: await staffUserWithClasses(ctx, id), password };
}

/**
 * Renames, changes the role, deactivates or reactivates an account. The last active administrator stays
 * an active administrator (409). A deactivated account's sessions end at once; a changed role counts from
 * the account's next request.
 */
export async function updateStaffUser(
  ctx: AppContext,
  actor: Actor,
  id: number,
  change: UpdateStaffUser,
): Promise<StaffUser> {
  const now = ctx.clock();
  const updated = await ctx.db.transaction(async (tx) => {
    // Locks the active administrators, so two administrators cannot remove each other at the same time.
    const admins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true)))
      .for('update');
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!before) throw notFound(messages.notFound);
    const after = {
      full_name: change.full_name ?? before.full_name,
      role: change.role ?? before.role,
      active: change.active ?? before.active,
    };
    const losesAdmin = before.role === 'admin' && before.active && (after.role !== 'admin' || !after.active);
    if (losesAdmin && admins.length <= 1) throw conflict(staffMessages.lastAdmin);

    const [row] = await tx.update(staffUsers).set(after).where(eq(staffUsers.id, id)).returning();
    if (before.active && !after.active) await endStaffSessions(tx, id);
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
    if (changed.length > 0)
      await writeAudit(
        tx,
        changed.map((field) => ({
          action: 'staff_user' as const,
          ...auditActor(actor),
          field,
          oldValue: String(before[field]),
          newValue: String(after[field]),
          detail: { staff_user: before.username },
          at: now,
        })),
      );
    const classesBefore = await classesOf(tx, id);
    const classes = change.classes ?? classesBefore;
    if (classes.join('\u0000') !== classesBefore.join('\u0000')) {
      await setClassesOf(tx, id, classes);
      await writeAudit(tx, classesAudit(actor, before.username, classesBefore, classes, now));
    }
    return toStaffUser(row!, classes, await staffSecondFactors(tx, id));
  });
  return updated;
}

export async function staffSignInHistory(ctx: AppContext, id: number) {
  await staffUserById(ctx, id);
  return listStaffSignIns(ctx.db, id);
}
