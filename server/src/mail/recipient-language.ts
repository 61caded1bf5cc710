import { eq } from 'drizzle-orm';
import { storedLanguage, type Language } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';
import { parents, students } from '../db/schema.js';

type Reader = Pick<Db | Tx, 'select'>;

/** The language a student chose (D53), null until chosen: the record's addresses are written to in it. */
export async function studentLanguage(db: Reader, studentId: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: students.language })
    .from(students)
    .where(eq(students.id, studentId));
  return storedLanguage(row?.language);
}

/** The language a parent chose for their own account, null until chosen. */
export async function parentLanguage(db: Reader, parentId: number): Promise<Language | null> {
  const [row] = await db.select({ language: parents.language }).from(parents).where(eq(parents.id, parentId));
  return storedLanguage(row?.language);
}
