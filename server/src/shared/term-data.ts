import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsForTerm } from '@sp/domain';
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
    .select({
      form_level: formSubjects.form_level,
      subject_id: formSubjects.subject_id,
      term_id: formSubjects.term_id,
      course: formSubjects.course_weight,
      exam: formSubjects.exam_weight,
      code: subjects.code,
      title: subjects.title,
    })
    .from(formSubjects)
    .innerJoin(subjects, eq(subjects.id, formSubjects.subject_id))
    .where(and(sql`(${formSubjects.term_id} is null or ${formSubjects.term_id} = ${termId})`));
  // General rows first: a subject keeps the place of its general row when the term has a row of its own.
  rows.sort((a, b) => (a.term_id === null ? 0 : 1) - (b.term_id === null ? 0 : 1));
  const byForm = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = byForm.get(r.form_level);
    if (list) list.push(r);
    else byForm.set(r.form_level, [r]);
  }
  const offered = ({ code, title, course, exam }: (typeof rows)[number]) => ({ code, title, course, exam });
  return new Map(
    [...byForm].map(([form, formRows]) => {
      const applied = new Map(rowsForTerm(formRows, termId).map((r) => [r.subject_id, offered(r)]));
      // Each subject where its first row is, with the row that applies (every subject here has one).
      const ordered = [...new Set(formRows.map((r) => r.subject_id))];
      return [form, new Map(ordered.map((id) => [id, applied.get(id) as OfferedSubject]))];
    }),
  );
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
