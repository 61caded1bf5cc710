import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearOf, dateInZone } from '@sp/domain';
import type { Database } from '../db/client.js';
import { enrolments, schoolYears, studentAccounts, students } from '../db/schema.js';
import { AppError } from '../errors.js';
import { createStudent } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import { currentYear, enrolEveryStudent, enrolInCurrentYear, yearOrCurrent } from './school-years.js';

let database: Database;
const year = academicYearOf(dateInZone(new Date()));
const last = year - 1;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .insert(schoolYears)
    .values({ year: last, starts_on: `${last}-09-01`, ends_on: `${year}-08-31`, state: 'closed' });
});
afterAll(() => database.close());

/** A student row with no enrolment, as one made before school years or a leaver after a rollover. */
async function bareStudent(id: string) {
  await database.db.insert(students).values({ id, first_name: 'Bare', last_name: id, class_id: null });
  await database.db.insert(studentAccounts).values({ student_id: id });
}

const enrolment = async (id: string, y = year) =>
  (
    await database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.student_id, id), eq(enrolments.year, y)))
  )[0];

describe('school years', () => {
  it('reads the current year that the migration made', async () => {
    expect(await currentYear(database.db)).toEqual({
      year,
      starts_on: `${year}-09-01`,
      ends_on: `${year + 1}-08-31`,
      state: 'current',
    });
  });

  it('enrols new students in the current year, a student of the year before as returning', async () => {
    const made = await createStudent(database.db);
    expect(await enrolment(made.id)).toMatchObject({ status: 'enrolled', returning: false, unchanged: {} });

    await bareStudent('SY-NEW');
    await bareStudent('SY-BACK');
    await database.db.insert(enrolments).values({ student_id: 'SY-BACK', year: last, status: 'enrolled' });
    expect(await enrolment('SY-NEW')).toBeUndefined();
    await enrolInCurrentYear(database.db, ['SY-NEW', 'SY-BACK']);
    expect(await enrolment('SY-NEW')).toMatchObject({ status: 'enrolled', returning: false });
    expect(await enrolment('SY-BACK')).toMatchObject({ status: 'enrolled', returning: true });
  });

  it('leaves an existing enrolment as it is, and does nothing for no students', async () => {
    const made = await createStudent(database.db);
    await database.db
      .update(enrolments)
      .set({ status: 'repeating', next_mark: 'leaving' })
      .where(eq(enrolments.student_id, made.id));
    await enrolInCurrentYear(database.db, [made.id]);
    await enrolInCurrentYear(database.db, []);
    expect(await enrolment(made.id)).toMatchObject({ status: 'repeating', next_mark: 'leaving' });
  });

  it('enrols every student not yet enrolled in one go, and leaves the enrolled as they are', async () => {
    await bareStudent('SY-BULK');
    const made = await createStudent(database.db);
    await database.db
      .update(enrolments)
      .set({ status: 'repeating' })
      .where(eq(enrolments.student_id, made.id));
    await enrolEveryStudent(database.db);
    expect(await enrolment('SY-BULK')).toMatchObject({ status: 'enrolled' });
    expect(await enrolment(made.id)).toMatchObject({ status: 'repeating' });
  });

  it('answers the year asked for, or the current one when none is', async () => {
    expect(await yearOrCurrent(database.db)).toMatchObject({ year, state: 'current' });
    expect(await yearOrCurrent(database.db, last)).toEqual({
      year: last,
      starts_on: `${last}-09-01`,
      ends_on: `${year}-08-31`,
      state: 'closed',
    });
  });

  it('refuses a year that does not exist with a 404 that names it, and a year that cannot be one with a 400', async () => {
    await expect(yearOrCurrent(database.db, 2019)).rejects.toEqual(
      new AppError(404, 'There is no school year 2019-2020.'),
    );
    await expect(yearOrCurrent(database.db, year + 1)).rejects.toMatchObject({ statusCode: 404 });
    for (const bad of [2026.5, 40_000, -1, Number.NaN])
      await expect(yearOrCurrent(database.db, bad)).rejects.toMatchObject({ statusCode: 400 });
  });
});
