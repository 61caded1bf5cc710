import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { formClasses, formSubjects, students, subjects } from '../db/schema.js';

type Conn = Pick<Db, 'select'>;

/** The subjects a form takes in a term, with the weights that apply (a term's own row wins). */
export interface OfferedSubject {
  code: string;
  title: string;
  course: number;
  exam: number;
}

export async function subjectsForTerm(
  db: Conn,
  termId: number,
): Promise<Map<number, Map<number, OfferedSubject>>> {
  const rows = await db
    .select({ f: formSubjects, code: subjects.code, title: subjects.title })
    .from(formSubjects)
    .innerJoin(subjects, eq(subjects.id, formSubjects.subject_id))
    .where(and(sql`(${formSubjects.term_id} is null or ${formSubjects.term_id} = ${termId})`));
  const byForm = new Map<
    number,
    Map<number, { code: string; title: string; course: number; exam: number }>
  >();
  // General rows first, so a term's own row overrides them.
  rows.sort((a, b) => (a.f.term_id === null ? 0 : 1) - (b.f.term_id === null ? 0 : 1));
  for (const { f, code, title } of rows) {
    const form = byForm.get(f.form_level) ?? new Map<number, OfferedSubject>();
    form.set(f.subject_id, { code, title, course: f.course_weight, exam: f.exam_weight });
    byForm.set(f.form_level, form);
  }
  return byForm;
}

/**
 * Every enrolled (not withdrawn) student with a class, by class and name, with the class's form level; only
 * those of the given classes when a list is given.
 */
export function studentsInClasses(db: Conn, classIds?: readonly string[]) {
  return db
    .select({
      id: students.id,
      first: students.first_name,
      last: students.last_name,
      class_id: students.class_id,
      form: formClasses.form_level,
    })
    .from(students)
    .innerJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .where(
      and(isNull(students.withdrawn_at), classIds ? inArray(students.class_id, [...classIds]) : undefined),
    )
    .orderBy(asc(students.class_id), asc(students.last_name), asc(students.first_name));
}
