import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staffUserClasses, staffUsers } from '../db/schema.js';
import { recordStaffSignIn } from '../shared/staff-sign-ins.js';
import { createStaffUser } from '../shared/staff-users.js';

/**
 * A form teacher with the staff role (D22): students, documents and reports, no settings or export; the
 * form teacher of 1B, so her marks go to 1B only (D44).
 */
export const DEMO_STAFF = {
  username: 'kmohammed',
  password: 'demo-staff-2026',
  fullName: 'Keisha Mohammed',
  role: 'staff',
  classes: ['1B'],
} as const;

/** The form teacher's account and a little sign-in history: a typo, then sign-ins from the staff room. */
export async function seedDemoStaff(db: Db, now: Date): Promise<void> {
  const id = await createStaffUser(db, DEMO_STAFF, now, { actor: { kind: 'system', id: 'demo', ip: null } });
  await db
    .insert(staffUserClasses)
    .values(DEMO_STAFF.classes.map((class_id) => ({ staff_user_id: id, class_id })));
  const daysAgo = (days: number, hour: number) =>
    new Date(now.getTime() - days * 86_400_000 - (now.getUTCHours() - hour) * 3_600_000);
  const history = [
    { at: daysAgo(6, 12), outcome: 'signed_in', ip: '192.168.10.41' },
    { at: daysAgo(3, 11), outcome: 'wrong_password', ip: '192.168.10.41' },
    { at: daysAgo(3, 11), outcome: 'signed_in', ip: '192.168.10.41' },
    { at: daysAgo(1, 21), outcome: 'signed_in', ip: '190.213.44.17' },
  ] as const;
  for (const h of history) await recordStaffSignIn(db, { staffUserId: id, ...h });
  await db
    .update(staffUsers)
    .set({ last_login_at: history.at(-1)!.at })
    .where(eq(staffUsers.id, id));
}
