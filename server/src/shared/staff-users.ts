import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '@sp/domain';
import { writeAudit } from '../audit/audit.js';
import type { Db } from '../db/client.js';
import { staffUsers } from '../db/schema.js';
import { hashPassword } from './passwords.js';

export const randomPassword = (): string => randomBytes(12).toString('base64url');

export async function findStaffUser(db: Db, username: string) {
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`);
  return user;
}

export async function createStaffUser(
  db: Db,
  input: { username: string; fullName: string; role: StaffRole; password: string },
  now: Date,
): Promise<void> {
  if (!STAFF_ROLES.includes(input.role)) throw new Error(`Unknown role: ${input.role}`);
  if (await findStaffUser(db, input.username))
    throw new Error(`A staff user named ${input.username} exists already.`);
  await db.insert(staffUsers).values({
    username: input.username,
    full_name: input.fullName,
    role: input.role,
    password_hash: await hashPassword(input.password),
  });
  await writeAudit(db, {
    action: 'staff_user',
    actorKind: 'system',
    detail: { created: input.username },
    at: now,
  });
}

export async function setStaffPassword(db: Db, username: string, password: string, now: Date): Promise<void> {
  const user = await findStaffUser(db, username);
  if (!user) throw new Error(`No staff user named ${username}.`);
  await db
    .update(staffUsers)
    .set({ password_hash: await hashPassword(password) })
    .where(eq(staffUsers.id, user.id));
  await writeAudit(db, {
    action: 'password_reset',
    actorKind: 'system',
    detail: { staff_user: user.username },
    at: now,
  });
}

/**
 * D6: the first start creates `admin` with ADMIN_PASSWORD or a random password, which is returned so the
 * caller can print it once. Returns null when an admin exists already.
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
