import { and, eq, sql, type SQL } from 'drizzle-orm';
import { academicYearLabel } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';
import { enrolments, schoolYears, students, yearEnrolments } from '../db/schema.js';
import { badRequest, notFound } from '../errors.js';

type Conn = Db | Tx;

/** A school year: 2026 is 2026-2027, the same number as terms.year (D49). */
export interface SchoolYear {
  year: number;
  starts_on: string;
  ends_on: string;
  state: 'current' | 'closed';
}

/** The statuses with which a student no longer belongs to the school: they may read old report cards only. */
const GONE = new Set(['left', 'graduated', 'transferred']);

const yearColumns = {
  year: schoolYears.year,
  starts_on: schoolYears.starts_on,
  ends_on: schoolYears.ends_on,
  state: schoolYears.state,
};
const asYear = (row: { state: string } & Omit<SchoolYear, 'state'>): SchoolYear => ({
  ...row,
  state: row.state === 'current' ? 'current' : 'closed',
});

/** The current school year. Migration 0013 creates one and the rollover always leaves one. */
export async function currentYear(db: Conn): Promise<SchoolYear> {
  const [row] = await db.select(yearColumns).from(schoolYears).where(eq(schoolYears.state, 'current'));
  if (!row) throw new Error('There is no current school year.');
  return asYear(row);
}

/** Enrols the students the query lists (one id column) in the current year; see enrolInCurrentYear. */
const enrolFrom = (tx: Conn, ids: SQL) =>
  tx.execute(sql`
    INSERT INTO ${enrolments} (student_id, year, "returning")
    SELECT ids.id, y.year,
      EXISTS (SELECT 1 FROM ${enrolments} e WHERE e.student_id = ids.id AND e.year = y.year - 1)
    FROM ${ids} AS ids(id)
    CROSS JOIN ${schoolYears} y
    WHERE y.state = 'current'
    ON CONFLICT DO NOTHING`);

/**
 * Enrols these students in the current year; one already enrolled keeps the enrolment they have. A student
 * enrolled in the year before is returning.
 */
export async function enrolInCurrentYear(tx: Conn, studentIds: readonly string[]): Promise<void> {
  if (studentIds.length > 0) await enrolFrom(tx, sql`unnest(${sql.param([...studentIds])}::varchar[])`);
}

/** Every student in the current year, in one statement: for a school written straight into the tables. */
export async function enrolEveryStudent(db: Conn): Promise<void> {
  await enrolFrom(db, sql`(SELECT ${students.id} FROM ${students})`);
}

/** The year a request names, or the current year when it names none; a year that does not exist is a 404. */
export async function yearOrCurrent(db: Conn, year?: number): Promise<SchoolYear> {
  if (year === undefined) return currentYear(db);
  // Outside smallint the database would refuse the query itself; no school year is that far out anyway.
  if (!Number.isInteger(year) || year < 1900 || year > 2999)
    throw badRequest('A school year is named by the year it starts, such as 2026.', 'year');
  const [row] = await db.select(yearColumns).from(schoolYears).where(eq(schoolYears.year, year));
  if (!row) throw notFound(`There is no school year ${academicYearLabel(year)}.`);
  return asYear(row);
}

/**
 * The student's status in the current year (withdrawn follows the live withdrawn_at), or null when they have
 * no enrolment in it: a leaver.
 */
export async function studentYearStatus(
  db: Conn,
  studentId: string,
): Promise<{ year: number; status: string } | null> {
  const [row] = await db
    .select({ year: yearEnrolments.year, status: yearEnrolments.status })
    .from(yearEnrolments)
    .where(and(eq(yearEnrolments.student_id, studentId), eq(yearEnrolments.is_current, true)));
  return row ?? null;
}

/**
 * Whether the student belongs to the school this year. A leaver (no enrolment now, or left, graduated or
 * transferred) may still sign in to read past report cards but cannot register; withdrawn is D29's own
 * refusal and counts as enrolled here.
 */
export async function isCurrentlyEnrolled(db: Conn, studentId: string): Promise<boolean> {
  const found = await studentYearStatus(db, studentId);
  return found !== null && !GONE.has(found.status);
}
