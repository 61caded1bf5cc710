import { academicYearLabel } from '@sp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationProgress, students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent, ensureClass } from '../../test/factories.js';
import { csv, HEADER, sendFile } from '../../test/import-files.js';
import { enrolmentsOf, put, rollOver } from '../../test/rollover-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let year: number;
const db = () => t.database.db;
const ids: Record<'leaver' | 'withdrawn' | 'back' | 'stays', string> = {
  leaver: '',
  withdrawn: '',
  back: '',
  stays: '',
};
const PASSWORD = 'Correct-horse-42';

/** Last year: four students of 4E; one marked leaving, one withdrawn; then the rollover. */
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = [await t.signInAdmin(), await t.signInStaff()];
  await ensureClass(db(), '4E', 4);
  await ensureClass(db(), '5E', 5);
  for (const key of Object.keys(ids) as (keyof typeof ids)[])
    ids[key] = (await createStudent(db(), { class_id: '4E', last_name: key, password: PASSWORD })).id;
  for (const id of [ids.leaver, ids.back])
    expect((await put(admin, `/api/admin/rollover/marks/${id}`, { mark: 'leaving' })).statusCode).toBe(200);
  expect((await staff.post(`/api/students/${ids.withdrawn}/withdraw`, {})).statusCode).toBe(200);
  const rolled = await rollOver(db(), admin);
  expect(rolled.statusCode, rolled.body).toBe(200);
  year = rolled.json().to_year;
});
afterAll(() => t.close());

const listed = async (agent: Agent) =>
  (await agent.get('/api/students?limit=200')).json<{ id: string; class_id: string | null }[]>();
/** What the student's own session is told of this year. */
const signIn = async (id: string) => {
  const agent = t.agent();
  const res = await agent.post('/api/login-student', { student_id: id, password: PASSWORD });
  return { status: res.statusCode, agent };
};
const thisYear = async (id: string) => {
  const { agent } = await signIn(id);
  return (await agent.get('/api/me')).json().year;
};

describe('re-enrolling a student with no enrolment this year', () => {
  it("flags in a closed year's list who is not enrolled this year; the current list has no flag", async () => {
    const res = await staff.get(`/api/students?year=${year - 1}&include_withdrawn=1&limit=200`);
    expect(res.statusCode, res.body).toBe(200);
    const flags = Object.fromEntries(
      res.json<{ id: string; enrolled_now?: boolean }[]>().map((r) => [r.id, r.enrolled_now]),
    );
    expect(flags).toEqual({
      [ids.leaver]: false,
      [ids.withdrawn]: false,
      [ids.back]: false,
      [ids.stays]: true,
    });
    expect((await listed(staff)).every((r) => !('enrolled_now' in r))).toBe(true);
  });

  it('enrols a leaver who comes back in a class; the family may register again and staff see them this year', async () => {
    expect(await thisYear(ids.leaver)).toMatchObject({ enrolled: false });
    // What the leaver had done in their last year stays on the live rows: a step and the terms.
    const then = new Date('2026-03-01T12:00:00Z');
    await db()
      .update(students)
      .set({ agree_terms_conditions: 1, terms_agreed_at: then, terms_version: 1 })
      .where(eq(students.id, ids.leaver));
    await db()
      .insert(registrationProgress)
      .values({ student_id: ids.leaver, student_data: then })
      .onConflictDoUpdate({ target: registrationProgress.student_id, set: { student_data: then } });
    const res = await staff.post(`/api/students/${ids.leaver}/enrol`, { class_id: ' 5e ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: `The student is enrolled in ${academicYearLabel(year)}, class 5E.`,
      year,
      class_id: '5E',
    });
    expect((await enrolmentsOf(db(), ids.leaver)).map((e) => [e.year, e.status, e.returning])).toEqual([
      [year - 1, 'left', false],
      [year, 'enrolled', true],
    ]);
    // Another staff member finds them in this year's list, in 5E; the family is enrolled again.
    // This year's registration starts afresh, as the rollover starts it for those it carries on.
    const [live] = await db()
      .select({ agreed: students.agree_terms_conditions, at: students.terms_agreed_at })
      .from(students)
      .where(eq(students.id, ids.leaver));
    expect(live).toEqual({ agreed: 0, at: null });
    const [steps] = await db()
      .select({ student_data: registrationProgress.student_data })
      .from(registrationProgress)
      .where(eq(registrationProgress.student_id, ids.leaver));
    expect(steps?.student_data).toBeNull();
    expect((await listed(admin)).find((s) => s.id === ids.leaver)).toMatchObject({ class_id: '5E' });
    expect(await thisYear(ids.leaver)).toMatchObject({ enrolled: true, status: 'enrolled' });
    const history = (await admin.get(`/api/students/${ids.leaver}/history`)).json<{
      entries: { action: string; old_value: string | null; new_value: string | null }[];
    }>();
    expect(history.entries.find((e) => e.action === 'student_reenrol')).toMatchObject({
      old_value: null,
      new_value: '5E',
    });
  });

  it('refuses a student enrolled already (409), a class that does not exist, a bad body and an unknown student', async () => {
    const again = await staff.post(`/api/students/${ids.stays}/enrol`, { class_id: '5E' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This student is already enrolled in ${academicYearLabel(year)}.`);
    const noClass = await staff.post(`/api/students/${ids.back}/enrol`, { class_id: '9Z' });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().errors[0]).toEqual({ field: 'class_id', message: 'There is no class 9Z.' });
    for (const body of [{}, { class_id: '' }, { class_id: 5 }, { class_id: '5E', extra: 1 }])
      expect((await staff.post(`/api/students/${ids.back}/enrol`, body)).statusCode).toBe(400);
    expect((await staff.post('/api/students/NOBODY/enrol', { class_id: '5E' })).statusCode).toBe(404);
    expect(await enrolmentsOf(db(), ids.back)).toHaveLength(1);
  });

  it('enrols a withdrawn student not carried on when reinstated, class left for the office to set', async () => {
    expect(await enrolmentsOf(db(), ids.withdrawn)).toHaveLength(1);
    const res = await admin.post(`/api/students/${ids.withdrawn}/reinstate`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await enrolmentsOf(db(), ids.withdrawn)).map((e) => [e.year, e.status])).toEqual([
      [year - 1, 'withdrawn'],
      [year, 'enrolled'],
    ]);
    const [row] = await db()
      .select({ class_id: students.class_id })
      .from(students)
      .where(eq(students.id, ids.withdrawn));
    expect(row?.class_id).toBeNull();
    // The family signs in again and may register.
    expect(await thisYear(ids.withdrawn)).toMatchObject({ enrolled: true });
  });

  it('enrols a returning leaver whom an import names, in the same transaction as the import', async () => {
    const file = csv(HEADER, `${ids.back},back,Asha,,5E,2013-04-09,,`);
    const res = await sendFile(admin, '/api/students/import', 'back.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    expect((await enrolmentsOf(db(), ids.back)).map((e) => [e.year, e.status])).toEqual([
      [year - 1, 'left'],
      [year, 'enrolled'],
    ]);
    expect((await listed(staff)).find((s) => s.id === ids.back)).toMatchObject({ class_id: '5E' });
    expect(await thisYear(ids.back)).toMatchObject({ enrolled: true });
  });
});
