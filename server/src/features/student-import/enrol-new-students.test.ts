import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { yearEnrolments } from '../../db/schema.js';
import { currentYear } from '../../shared/school-years.js';
import type { Agent } from '../../test/agent.js';
import type { TestApp } from '../../test/test-app.js';
import { HEADER, csv, openImportApp, sendFile } from '../../test/import-files.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await openImportApp()));
afterAll(() => t.close());

const enrolled = (ids: string[]) =>
  t.database.db
    .select({
      student_id: yearEnrolments.student_id,
      year: yearEnrolments.year,
      status: yearEnrolments.status,
      class_id: yearEnrolments.class_id,
    })
    .from(yearEnrolments)
    .where(inArray(yearEnrolments.student_id, ids))
    .orderBy(yearEnrolments.student_id);

describe('new students belong to the current school year', () => {
  it('enrols the students an import adds and one added by hand, in their classes', async () => {
    const { year } = await currentYear(t.database.db);
    const file = csv(HEADER, 'E001,Ali,Sara,,1A,2014-05-21,,', 'E002,Khan,Omar,,2B,2013-02-11,,');
    const res = await sendFile(admin, '/api/students/import', 'intake.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    const byHand = await admin.post('/api/students', {
      id: 'E003',
      last_name: 'Noel',
      first_name: 'Tia',
      class_id: '1A',
      date_of_birth: '2014-06-30',
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    expect(await enrolled(['E001', 'E002', 'E003'])).toEqual([
      { student_id: 'E001', year, status: 'enrolled', class_id: '1A' },
      { student_id: 'E002', year, status: 'enrolled', class_id: '2B' },
      { student_id: 'E003', year, status: 'enrolled', class_id: '1A' },
    ]);
  });
});
