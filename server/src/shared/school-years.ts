import { eq, sql, type SQL } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES, academicYearLabel, notEnrolledMessage } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';
import type { AppContext } from '../context.js';
import { enrolments, schoolYears, students } from '../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import { noStepDone } from './registration-progress.js';

type Conn = Db | Tx;

/** A school year: 2026 is 2026-2027, the same number as terms.year (D49). */
export interface SchoolYear {
  year: number;
  starts_on: string;
  ends_on: string;
  state: 'current' | 'closed';
}

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
const enrolFrom = (tx: Conn, ids: SQL, returning = sql``) =>
  tx.execute(sql`
    INSERT INTO ${enrolments} (student_id, year, "returning")
    SELECT ids.id, y.year,
      EXISTS (SELECT 1 FROM ${enrolments} e WHERE e.student_id = ids.id AND e.year = y.year - 1)
    FROM ${ids} AS ids(id)
    CROSS JOIN ${schoolYears} y
    WHERE y.state = 'current'
    ON CONFLICT DO NOTHING
    ${returning}`);

/**
 * Enrols these students in the current year; one already enrolled keeps the enrolment they have. A student
 * enrolled in the year before is returning. Answers the students it enrolled. The caller's transaction holds
 * the current year (lockCurrentYear), so no student lands in a year as a rollover closes it.
 */
export async function enrolInCurrentYear(tx: Conn, studentIds: readonly string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const ids = sql`unnest(${sql.param([...studentIds])}::varchar[])`;
  const result = await enrolFrom(tx, ids, sql`RETURNING student_id`);
  return (result as { rows: { student_id: string }[] }).rows.map((r) => r.student_id);
}

/**
 * Enrols again students who had left (or were withdrawn and not carried on): like enrolInCurrentYear, and the
 * year's registration starts afresh for those enrolled, as the rollover starts it for continuing students: no
 * step done and the terms to agree again. Their answers stay, to be confirmed or changed.
 */
export async function enrolAgain(tx: Conn, studentIds: readonly string[]): Promise<string[]> {
  const enrolled = await enrolInCurrentYear(tx, studentIds);
  if (enrolled.length === 0) return enrolled;
  const ids = sql`${sql.param(enrolled)}::varchar[]`;
  await tx.execute(sql`
    UPDATE registration_progress SET ${noStepDone} WHERE student_id = ANY(${ids})`);
  await tx.execute(sql`
    UPDATE students SET agree_terms_conditions = 0, terms_agreed_at = NULL, terms_agreed_ip = NULL,
      terms_version = NULL
    WHERE id = ANY(${ids})`);
  return enrolled;
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
 * The current year, its row held (FOR SHARE) until the caller's transaction ends: a rollover confirm (FOR
 * UPDATE) waits for a write holding it, and such a write waits for a confirm, so nothing lands in a year as
 * it closes. After waiting for a confirm the year read is closed: with `follow` the write goes on in the year
 * the confirm opened (a student added then belongs to it); without, it is refused (a mark meant that year).
 */
export async function lockCurrentYear(tx: Tx, { follow = false } = {}): Promise<number> {
  const lock = () =>
    tx
      .select({ year: schoolYears.year })
      .from(schoolYears)
      .where(eq(schoolYears.state, 'current'))
      .for('share');
  let [row] = await lock();
  // A new statement sees the year the confirm committed.
  if (!row && follow) [row] = await lock();
  // Only while a rollover commits: the year this request saw closed under it.
  if (!row) throw new AppError(409, 'The school year changed just now. Reload the page and try again.');
  return row.year;
}

/** Runs `write` in a transaction that holds the current year (see lockCurrentYear). */
export const inCurrentYear = <T>(
  ctx: Pick<AppContext, 'db'>,
  write: (tx: Tx, year: number) => Promise<T>,
  options: { follow?: boolean } = {},
): Promise<T> => ctx.db.transaction(async (tx) => write(tx, await lockCurrentYear(tx, options)));

/**
 * A student with no enrolment this year, or one who left, graduated or transferred, reads old report cards
 * but no longer registers or uploads (D49); withdrawn is refused at sign-in already (D29).
 */
export function refuseLeaver(year: { year: number; status: string | null }): void {
  if (year.status === null || NOT_ENROLLED_STATUSES.includes(year.status))
    throw forbidden(notEnrolledMessage(academicYearLabel(year.year)));
}
