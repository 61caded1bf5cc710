import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enrolments, schoolYears, students } from '../../db/schema.js';
import { currentYear } from '../../shared/school-years.js';

/** Last year's answers of every data step's required fields, as a returning family finds them filled in. */
export const LAST_YEAR_ANSWERS = {
  sex: 'Female',
  home_address: '12 Frederick Street',
  address_line_2: 'Port of Spain',
  phone_home: '6223344',
  living_status: 'Both Parents',
  emergency_contact: 'Ravi Persad',
  home_phone_emergency: '6556677',
  device_type: 'Laptop',
} as const;

/**
 * Makes a student returning as a rollover leaves one (for tests): a closed last year with an enrolment in
 * it, this year's enrolment marked returning (or given a leaver's status), last year's answers in the record.
 */
export async function makeReturning(
  db: Db,
  studentId: string,
  thisYear: { status?: string } | null = {},
): Promise<number> {
  const { year } = await currentYear(db);
  await db
    .insert(schoolYears)
    .values({ year: year - 1, starts_on: `${year - 1}-09-01`, ends_on: `${year}-08-31`, state: 'closed' })
    .onConflictDoNothing();
  await db
    .insert(enrolments)
    .values({ student_id: studentId, year: year - 1, form_level: 1, class_id: '1A' })
    .onConflictDoNothing();
  await db.update(students).set(LAST_YEAR_ANSWERS).where(eq(students.id, studentId));
  const mine = and(eq(enrolments.student_id, studentId), eq(enrolments.year, year));
  if (thisYear === null) await db.delete(enrolments).where(mine);
  else
    await db
      .update(enrolments)
      .set({ returning: true, status: thisYear.status ?? 'enrolled' })
      .where(mine);
  return year;
}
