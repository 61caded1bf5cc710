import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ParentChild } from '@sp/domain';
import type { Db } from '../db/client.js';
import { formClasses, students } from '../db/schema.js';

/** The children a parent may act for, as the switcher shows them: by first name, then student ID. */
export async function childrenOf(db: Db, ids: Iterable<string>): Promise<ParentChild[]> {
  const list = [...ids];
  if (list.length === 0) return [];
  return db
    .select({
      student_id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      class_id: students.class_id,
      form_level: formClasses.form_level,
    })
    .from(students)
    .leftJoin(formClasses, and(eq(formClasses.class_id, students.class_id)))
    .where(inArray(students.id, list))
    .orderBy(asc(students.first_name), asc(students.id));
}
