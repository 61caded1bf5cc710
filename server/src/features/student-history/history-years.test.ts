import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone, studentHistorySchema } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import { PHONES, twoYearSchool } from '../../test/past-year.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await twoYearSchool(t);
  const next = school.past + 1;
  const change = (at: string, newValue: string) => ({
    action: 'student_update' as const,
    actorKind: 'student' as const,
    actorId: school.stays,
    studentId: school.stays,
    field: 'home_phone_mother',
    newValue,
    at: new Date(at),
  });
  await writeAudit(t.database.db, [
    change(`${school.past}-08-31T23:00:00Z`, '6220000'), // the last evening of the year before
    change(`${school.past}-10-01T14:00:00Z`, PHONES.past),
    // 23:00 on 31 August at the school (UTC-4): still the closed year.
    change(`${next}-09-01T03:00:00Z`, '6221234'),
    change(`${next}-09-01T04:00:00Z`, PHONES.now), // midnight: the new year
  ]);
});
afterAll(() => t.close());

const history = async (query: string) =>
  (await t.signInAdmin()).get(`/api/students/${school.stays}/history${query}`);
const values = async (query: string) => {
  const res = await history(query);
  expect(res.statusCode, res.body).toBe(200);
  // The field changes written above; the rollover's own line is tested with the rollover.
  return studentHistorySchema
    .parse(res.json())
    .entries.filter((e) => e.action === 'student_update')
    .map((e) => e.new_value);
};
const phones = (...numbers: string[]) => numbers.map(formatPhone);

describe("a student's history by school year", () => {
  it("shows a closed year's part: from its first day to its last, in the school's time", async () => {
    expect(await values(`?year=${school.past}`)).toEqual(phones('6221234', PHONES.past));
  });
  it('shows the whole trail for the current year, as it always has', async () => {
    expect(await values('')).toEqual(phones(PHONES.now, '6221234', PHONES.past, '6220000'));
  });
  it('refuses a year the school does not have, and one that is not a year', async () => {
    const unknown = await history('?year=2019');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('There is no school year 2019-2020.');
    expect((await history('?year=twenty')).statusCode).toBe(400);
  });
});
