import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '@sp/domain';
import { auditActor, writeAudit } from '../audit/audit.js';
import type { Db } from '../db/client.js';
import { staffUserClasses, staffUsers } from '../db/schema.js';
import { systemActor, type Actor } from '../plugins/auth.js';
import { endStaffSessions } from '../plugins/session.js';
import { hashPassword } from './passwords.js';

export const randomPassword = (): string => randomBytes(12).toString('base64url');

/** The classes a staff account teaches (D44), by name. */
export async function classesOf(db: Pick<Db, 'select'>, userId: number): Promise<string[]> {
  const rows = await db
    .select({ class_id: staffUserClasses.class_id })
    .from(staffUserClasses)
    .where(eq(staffUserClasses.staff_user_id, userId))
    .orderBy(asc(staffUserClasses.class_id));
  return rows.map((r) => r.class_id);
}

export async function findStaffUser(db: Pick<Db, 'select'>, username: string) {
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`);
  return user;
}

export interface StaffUserOptions {
  /** Who does it (the audit row); the command-line tool by default. */
  actor?: Actor;
  /** The password is handed out once: the next sign-in must choose a new one (D6). */
  oneTime?: boolean;
}

/**
 * Creates a staff account: the command-line tool, the first start, the demo and the staff panel all come
 * here. Returns the new account's id.
 */
export async function createStaffUser(
  db: Db,
  input: { username: string; fullName: string; role: StaffRole; password: string },
  now: Date,
  options: StaffUserOptions = {},
): Promise<number> {
  if (!STAFF_ROLES.includes(input.role)) throw new Error(`Unknown role: ${input.role}`);
  if (await findStaffUser(db, input.username))
    throw new Error(`A staff user named ${input.username} exists already.`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({
        username: input.username,
        full_name: input.fullName,
        role: input.role,
        password_hash: passwordHash,
        password_reset: options.oneTime ? 1 : 0,
        created_at: now,
      })
      .returning({ id: staffUsers.id });
    await writeAudit(tx, {
      action: 'staff_user',
      ...auditActor(options.actor ?? systemActor()),
      detail: { created: input.username, role: input.role, full_name: input.fullName },
      at: now,
    });
    return row!.id;
  });
}

/** Sets a staff password and ends the account's sessions; a one-time password must be replaced at sign-in. */
export async function setStaffPassword(
  db: Db,
  username: string,
  password: string,
  now: Date,
  options: StaffUserOptions = {},
): Promise<void> {
  const user = await findStaffUser(db, username);
  if (!user) throw new Error(`No staff user named ${username}.`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ password_hash: passwordHash, password_reset: options.oneTime ? 1 : 0 })
      .where(eq(staffUsers.id, user.id));
    await endStaffSessions(tx, user.id);
    await writeAudit(tx, {
      action: 'password_reset',
      ...auditActor(options.actor ?? systemActor()),
      detail: { staff_user: user.username, one_time: options.oneTime === true },
      at: now,
    });
  });
}

/**
 * D6: the first start creates `admin` with ADMIN_PASSWORD or a random password, which is returned so the
 * caller can print it once. Returns null when the `admin` account exists already.
 */
export async function ensureAdminUser(
  db: Db,
  adminPassword: string | undefined,
  now: Date,
): Promise<{ username: string; password: string; generated: boolean } | null> {
  if (await findStaffUser(db, 'admin')) return null;
  const password = adminPassword ?? randomPassword();
  await createStaffUser(
    db,
    { username: 'admin', fullName: 'School Administrator', role: 'admin', password },
    now,
  );
  return { username: 'admin', password, generated: adminPassword === undefined };
}
