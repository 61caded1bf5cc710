import { and, eq } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES, academicYearLabel, type StudentYear } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';
import { schoolYears, yearEnrolments } from '../db/schema.js';

/** A student's enrolment this year as read with the current year: status null when they have none. */
export interface YearRow {
  year: number;
  status: string | null;
  returning: boolean | null;
  unchanged: Record<string, string> | null;
}

/** What the family's pages are told of a student's current year (GET /api/me, the "Nothing has changed" answer). */
export const studentYearOf = (row: YearRow): StudentYear => ({
  year: row.year,
  label: academicYearLabel(row.year),
  returning: row.returning === true,
  status: row.status,
  enrolled: row.status !== null && !NOT_ENROLLED_STATUSES.includes(row.status),
  unchanged: row.unchanged ?? {},
});

/**
 * The student's place in the current year, in one query: the current year left-joined to the student's
 * enrolment in it (withdrawn follows the live withdrawn_at, through the view).
 */
export async function studentYear(db: Db | Tx, studentId: string): Promise<StudentYear> {
  const [row] = await db
    .select({
      year: schoolYears.year,
      status: yearEnrolments.status,
      returning: yearEnrolments.returning,
      unchanged: yearEnrolments.unchanged,
    })
    .from(schoolYears)
    .leftJoin(
      yearEnrolments,
      and(eq(yearEnrolments.year, schoolYears.year), eq(yearEnrolments.student_id, studentId)),
    )
    .where(eq(schoolYears.state, 'current'));
  if (!row) throw new Error('There is no current school year.');
  return studentYearOf(row);
}
