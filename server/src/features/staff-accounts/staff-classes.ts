import { asc, eq, inArray } from 'drizzle-orm';
import { staffMessages } from '@sp/domain';
import type { Db, Tx } from '../../db/client.js';
import { formClasses, staffUserClasses } from '../../db/schema.js';
import { AppError } from '../../errors.js';

type Conn = Db | Tx;

/** Every account's classes (D44), by account id. */
export async function classesByStaffUser(db: Conn): Promise<Map<number, string[]>> {
  const rows = await db.select().from(staffUserClasses).orderBy(asc(staffUserClasses.class_id));
  const byUser = new Map<number, string[]>();
  for (const r of rows) {
    const list = byUser.get(r.staff_user_id);
    if (list) list.push(r.class_id);
    else byUser.set(r.staff_user_id, [r.class_id]);
  }
  return byUser;
}

/** An unknown class is a 400 naming it. */
export async function checkClasses(db: Conn, classes: readonly string[]): Promise<void> {
  if (classes.length) {
    const known = await db
      .select({ class_id: formClasses.class_id })
      .from(formClasses)
      .where(inArray(formClasses.class_id, [...classes]));
    const found = new Set(known.map((k) => k.class_id));
    const unknown = classes.filter((c) => !found.has(c));
    if (unknown.length) {
      const message = staffMessages.unknownClasses(unknown);
      throw new AppError(400, message, [{ field: 'classes', message }]);
    }
  }
}

/** Replaces an account's classes (checked first). */
export async function setClassesOf(db: Conn, userId: number, classes: readonly string[]): Promise<void> {
  await checkClasses(db, classes);
  await db.delete(staffUserClasses).where(eq(staffUserClasses.staff_user_id, userId));
  if (classes.length)
    await db
      .insert(staffUserClasses)
      .values(classes.map((class_id) => ({ staff_user_id: userId, class_id })));
}
