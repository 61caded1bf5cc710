import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsForTerm } from '@sp/domain';
import type { Db } from '../db/client.js';
import { formClasses, formSubjects, schoolYears, students, subjects, yearEnrolments } from '../db/schema.js';

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

/** The enrolled students of the term's year with a class whose form is known: whom a template or posting lists. */
export async function enrolledOfTermYear(db: Conn, year: number, classIds?: readonly string[]) {
  const rows = await studentsOfTermYear(db, year, classIds);
  return rows.flatMap(({ withdrawn, form, class_id, ...p }) =>
    withdrawn || form === null || class_id === null ? [] : [{ ...p, class_id, form }],
  );
}

/** Whether a school year exists for a term's year: terms set up before years existed have none (D49). */
export async function hasYearRow(db: Conn, year: number): Promise<boolean> {
  const [row] = await db
    .select({ year: schoolYears.year })
    .from(schoolYears)
    .where(eq(schoolYears.year, year));
  return row !== undefined;
}

/**
 * The students of a term's school year (D49): each one's class and form in that year, read through
 * year_enrolments, so a closed year's term lists that year's classes (leavers since included) and not
 * today's; withdrawn when withdrawn in that year. A term whose year has no row falls back to the live class.
 * Every student is listed (class null when not enrolled that year); only those of the given classes when a
 * list is given.
 */
export async function studentsOfTermYear(
  db: Conn,
  year: number,
  classIds?: readonly string[],
  studentId?: string,
) {
  const one = studentId === undefined ? undefined : eq(students.id, studentId);
  if (!(await hasYearRow(db, year))) {
    return db
      .select({
        id: students.id,
        first: students.first_name,
        last: students.last_name,
        class_id: students.class_id,
        form: formClasses.form_level,
        withdrawn: sql<boolean>`${students.withdrawn_at} is not null`,
      })
      .from(students)
      .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
      .where(and(classIds ? inArray(students.class_id, [...classIds]) : undefined, one))
      .orderBy(asc(students.class_id), asc(students.last_name), asc(students.first_name));
  }
  const ye = db
    .select({
      student_id: yearEnrolments.student_id,
      class_id: yearEnrolments.class_id,
      form_level: yearEnrolments.form_level,
      status: yearEnrolments.status,
    })
    .from(yearEnrolments)
    .where(eq(yearEnrolments.year, year))
    .as('ye');
  return db
    .select({
      id: students.id,
      first: students.first_name,
      last: students.last_name,
      class_id: ye.class_id,
      form: ye.form_level,
      withdrawn: sql<boolean>`coalesce(${ye.status} = 'withdrawn', false)`,
    })
    .from(students)
    .leftJoin(ye, eq(ye.student_id, students.id))
    .where(and(classIds ? inArray(ye.class_id, [...classIds]) : undefined, one))
    .orderBy(asc(ye.class_id), asc(students.last_name), asc(students.first_name));
}
