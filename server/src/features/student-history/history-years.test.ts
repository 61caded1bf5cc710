import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone, studentHistorySchema } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import { currentYear } from '../../shared/school-years.js';
import { twoYearSchool } from '../../test/past-year.js';
import { rollOver } from '../../test/rollover-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
/** Moves the fake clock to an instant. */
const setClock = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());
const ms = (at: Date, by: number) => new Date(at.getTime() + by);

/**
 * Three years: the first (no rollover opened it) from 1 September, closed by a rollover on 20 June; the
 * second opened by that rollover and closed by the next one on 20 June a year later; the third current.
 */
let firstClosed: Date;
let secondClosed: Date;
beforeAll(async () => {
  t = await createTestApp({ SCHOOL_TIMEZONE: 'America/Port_of_Spain' });
  const first = (await currentYear(t.database.db)).year;
  firstClosed = new Date(`${first + 1}-06-20T15:00:00Z`);
  secondClosed = new Date(`${first + 2}-06-20T15:00:00Z`);
  setClock(firstClosed);
  school = await twoYearSchool(t);
  setClock(secondClosed);
  const rolled = await rollOver(t.database.db, await t.signInAdmin());
  expect(rolled.statusCode, rolled.body).toBe(200);
  const change = (at: Date, newValue: string) => ({
    action: 'student_update' as const,
    actorKind: 'student' as const,
    actorId: school.stays,
    studentId: school.stays,
    field: 'home_phone_mother',
    newValue,
    at,
  });
  await writeAudit(t.database.db, [
    // 23:59:59 on 31 August at the school (UTC-4): before the first year began.
    change(new Date(`${first}-09-01T03:59:59Z`), '6220000'),
    change(new Date(`${first}-09-01T04:00:00Z`), '6220001'), // midnight: its first moment
    change(ms(firstClosed, -1), '6220002'), // just before the rollover that closed it
    change(ms(firstClosed, 1), '6220003'), // just after: the new year's intake
    change(new Date(`${first + 1}-07-15T14:00:00Z`), '6220004'), // July, "Nothing has changed"
    change(ms(secondClosed, -1), '6220005'),
    change(ms(secondClosed, 1), '6220006'), // the third year's
  ]);
});
afterAll(() => t.close());

const history = async (query: string) =>
  (await t.signInAdmin()).get(`/api/students/${school.stays}/history${query}`);
const entries = async (query: string) => {
  const res = await history(query);
  expect(res.statusCode, res.body).toBe(200);
  return studentHistorySchema.parse(res.json()).entries;
};
/** The field changes written above, newest first; the rollover's own lines are tested with the rollover. */
const values = async (query: string) =>
  (await entries(query)).filter((e) => e.action === 'student_update').map((e) => e.new_value);
const phones = (...numbers: string[]) => numbers.map(formatPhone);

describe("a student's history by school year", () => {
  it('shows a year no rollover opened from midnight on its first day to the moment it was closed', async () => {
    expect(await values(`?year=${school.past}`)).toEqual(phones('6220002', '6220001'));
  });
  it("keeps the new year's July work out of the year a June rollover closed, and in the year it opened", async () => {
    expect(await values(`?year=${school.past + 1}`)).toEqual(phones('6220005', '6220004', '6220003'));
  });
  it("ends a closed year with the rollover's own line for it", async () => {
    const lines = (await entries(`?year=${school.past}`)).filter((e) => e.action === 'year_end');
    expect(lines).toHaveLength(1);
  });
  it('shows the whole trail for the current year, as it always has', async () => {
    expect(await values('')).toEqual(
      phones('6220006', '6220005', '6220004', '6220003', '6220002', '6220001', '6220000'),
    );
  });
  it('refuses a year the school does not have, and one that is not a year', async () => {
    const unknown = await history('?year=2019');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('There is no school year 2019-2020.');
    expect((await history('?year=twenty')).statusCode).toBe(400);
  });
});
