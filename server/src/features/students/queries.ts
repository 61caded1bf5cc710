import { and, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { listName, type AdminStudent, type StudentListQuery, type StudentListSort } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import {
  enrolments,
  parentLinks,
  registrationProgress,
  schoolYears,
  studentAccounts,
  students,
} from '../../db/schema.js';
import { inClass, notDone, progressOfStudent } from '../../shared/registration-progress.js';
import { yearView } from '../../shared/year-view.js';

export async function getStudentName(ctx: AppContext, actor: Actor, id: string) {
  assertMayActOn(actor, id);
  const [row] = await ctx.db
    .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
    .from(students)
    .where(eq(students.id, id));
  return row;
}

export async function getUserStatus(ctx: AppContext, actor: Actor, id: string) {
  assertMayActOn(actor, id);
  const [row] = await ctx.db
    .select({
      student_id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      password_reset: sql<number>`coalesce(${studentAccounts.password_reset}, 1)`.mapWith(Number),
    })
    .from(students)
    .leftJoin(studentAccounts, eq(studentAccounts.student_id, students.id))
    .where(eq(students.id, id));
  return row && { ...row, password_reset: row.password_reset === 0 ? (0 as const) : (1 as const) };
}

/** D1: only exact matches of first name, last name (either case) and date of birth. */
export async function findStudentIds(
  ctx: AppContext,
  q: { first_name: string; last_name: string; date_of_birth: string },
) {
  return ctx.db
    .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
    .from(students)
    .where(
      and(
        sql`lower(${students.last_name}) = ${q.last_name.toLowerCase()}`,
        sql`lower(${students.first_name}) = ${q.first_name.toLowerCase()}`,
        eq(students.date_of_birth, q.date_of_birth),
      ),
    )
    .limit(10);
}

const ORDER: Record<StudentListSort, SQL[]> = {
  updated: [sql`${students.updated_at} desc`, sql`${students.id}`],
  name: [sql`lower(${students.last_name})`, sql`lower(${students.first_name})`, sql`${students.id}`],
  id: [sql`${students.id}`],
  class: [sql`${students.class_id} nulls last`, sql`lower(${students.last_name})`, sql`${students.id}`],
};

/**
 * D28: the start of the ID, first or last name or birth certificate PIN, or the whole class, in any case.
 * Each is a prefix match on its own index (see schema.ts), so a search stays fast with 100,000 students.
 */
function searchOf(q: string): SQL {
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`lower(${students.id}) like ${prefix}`,
    sql`lower(${students.last_name}) like ${prefix}`,
    sql`lower(${students.first_name}) like ${prefix}`,
    sql`lower(${students.birth_cert_no}) like ${prefix}`,
    eq(students.class_id, q.toUpperCase()),
  )!;
}

/**
 * Linked parent accounts of the outer query's student (D50): an index look-up in the same statement, made only
 * for the rows a page returns; a grouped count joined to the list was planned as a loop over the whole table.
 */
const parentsLinked =
  sql<number>`(select count(*) from ${parentLinks} l where l.student_id = ${students.id})`.mapWith(Number);
const noParentLinked = sql`not exists (select 1 from ${parentLinks} l where l.student_id = ${students.id})`;

const enrolledNow = sql<boolean>`exists (select 1 from ${enrolments} now join ${schoolYears} y on y.year = now.year
  where now.student_id = ${students.id} and y.state = 'current')`;

/**
 * The staff's Students table: newest update first unless sorted otherwise; students who left only when asked
 * for (D29); a search and a page when asked for (D28), with the number of students that match. The students
 * of the current school year, or of a closed year as they were (D49).
 */
export async function listStudentsForStaff(
  ctx: AppContext,
  options: { includeWithdrawn: boolean } & Omit<StudentListQuery, 'include_withdrawn'>,
): Promise<{ rows: AdminStudent[]; total: number }> {
  const { pending } = options;
  const view = await yearView(ctx.db, options.year);
  const where = and(
    view.enrolled,
    // The dashboard's "not done" lists count enrolled students only.
    options.includeWithdrawn && !pending ? undefined : isNull(students.withdrawn_at),
    options.q ? searchOf(options.q) : undefined,
    options.class_id !== undefined ? inClass(options.class_id) : undefined,
    pending ? notDone(pending, view.documentDone) : undefined,
    options.no_parent ? noParentLinked : undefined,
  );
  const paged = options.limit !== undefined || options.offset !== undefined;
  const page = view.db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      class_id: students.class_id,
      date_of_birth: students.date_of_birth,
      birth_certificate_no: students.birth_cert_no,
      house_code: students.house_code,
      updated_at: students.updated_at,
      withdrawn_at: students.withdrawn_at,
      parents_linked: parentsLinked,
      // A closed year's row says whether the student is in this year too: one who is not can be re-enrolled.
      ...(view.past ? { enrolled_now: enrolledNow } : {}),
    })
    .from(students)
    // A step's "not done" reads the progress row; unused, the planner leaves the join out (unique key).
    .leftJoin(registrationProgress, progressOfStudent)
    .where(where)
    .orderBy(...ORDER[options.sort ?? 'updated'])
    .$dynamic();
  if (options.limit !== undefined) page.limit(options.limit);
  if (options.offset) page.offset(options.offset);
  const [rows, counted] = await Promise.all([
    page,
    paged
      ? view.db
          .select({ n: count() })
          .from(students)
          .leftJoin(registrationProgress, progressOfStudent)
          .where(where)
      : null,
  ]);
  return {
    rows: rows.map(({ updated_at, withdrawn_at, ...r }) => ({
      ...r,
      name: listName(r.first_name, r.last_name),
      updatedAt: updated_at.toISOString(),
      withdrawn_at: withdrawn_at?.toISOString() ?? null,
    })),
    total: counted ? counted[0]!.n : rows.length,
  };
}
