import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassGrid, PostingCheck, ResultPreview, SubjectList } from '@sp/domain';
import { termResults } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStaff } from '../../test/factories.js';
import { csv, sendFile } from '../../test/import-files.js';
import { addClasses, put, rollOver, student } from '../../test/rollover-kit.js';
import { ensureTerm } from '../../test/term-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { currentYear } from '../../shared/school-years.js';

/**
 * D49: the students of a class in a term are those of the term's school year, made here by the rollover
 * itself: last year's 1B (one who moved up to 2B, one who left) against this year's new 1B.
 */
let t: TestApp;
let admin: Agent;
let teacher: Agent;
let subjectId: number;
const ids = { movedUp: '', leaver: '', newcomer: '' };
const termIds = { past: 0, now: 0, noYear: 0 };
const HEADER = 'Student ID,Subject,Course Mark,Exam Mark';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.signInAdmin();
  await addClasses(db);
  ids.movedUp = (await student(db, '1B', { last_name: 'Moved' })).id;
  ids.leaver = (await student(db, '1B', { last_name: 'Leaver' })).id;
  expect((await put(admin, `/api/admin/rollover/marks/${ids.leaver}`, { mark: 'leaving' })).statusCode).toBe(
    200,
  );
  const rolled = await rollOver(db, admin);
  expect(rolled.statusCode, rolled.body).toBe(200);
  ids.newcomer = (await student(db, '1B', { last_name: 'Newcomer' })).id;
  const now = (await currentYear(db)).year;
  termIds.past = (await ensureTerm(db, now - 1, 3)).id;
  termIds.now = (await ensureTerm(db, now, 1)).id;
  termIds.noYear = (await ensureTerm(db, now - 6, 3)).id;
  const subjects = (
    await admin.post('/api/subjects', { code: 'MATH', title: 'Mathematics' })
  ).json<SubjectList>();
  subjectId = subjects.subjects[0]!.id;
  for (const form_level of [1, 2])
    expect((await admin.post('/api/form-subjects', { subject_id: subjectId, form_level })).statusCode).toBe(
      200,
    );
  const account = await createStaff(db, undefined, undefined, 'staff');
  expect((await admin.post(`/api/staff-users/${account.id}`, { classes: ['1B'] })).statusCode).toBe(200);
  teacher = t.agent();
  await teacher.post('/api/admin-login', { name: account.username, password: account.password });
});
afterAll(() => t.close());

const gridOf = async (termId: number, classId: string) => {
  const res = await admin.get(`/api/terms/${termId}/grid?class_id=${classId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClassGrid>().students.map((s) => s.id);
};
const templateOf = async (agent: Agent, termId: number) => {
  const res = await agent.get(`/api/terms/${termId}/results-template.csv?class_id=1B`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const storedClass = async (studentId: string) =>
  (
    await t.database.db
      .select({ class_id: termResults.class_id })
      .from(termResults)
      .where(and(eq(termResults.student_id, studentId), eq(termResults.term_id, termIds.past)))
  ).map((r) => r.class_id);

describe('a closed year’s term lists that year’s classes', () => {
  it('the template and grid of last year’s 1B list last year’s 1B, the leaver too, not the new Form 1', async () => {
    for (const body of [await templateOf(admin, termIds.past), await templateOf(teacher, termIds.past)]) {
      expect(body).toContain(`${ids.movedUp},`);
      expect(body).toContain(`${ids.leaver},`);
      expect(body).not.toContain(ids.newcomer);
    }
    expect((await gridOf(termIds.past, '1B')).sort()).toEqual([ids.leaver, ids.movedUp].sort());
    expect(await gridOf(termIds.past, '2B')).toEqual([]);
  });

  it('an import of last year’s 1B marks touches those students only, under 1B; the new Form 1 is refused', async () => {
    const file = csv(
      HEADER,
      `${ids.movedUp},MATH,70,60`,
      `${ids.leaver},MATH,55,50`,
      `${ids.newcomer},MATH,90,90`,
    );
    const preview = await sendFile(teacher, `/api/terms/${termIds.past}/results/preview`, 'r.csv', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<ResultPreview>().rows;
    expect(rows.filter((r) => r.errors.length > 0).map((r) => r.student_id)).toEqual([ids.newcomer]);
    const done = await sendFile(teacher, `/api/terms/${termIds.past}/results`, 'r.csv', file);
    expect(done.statusCode, done.body).toBe(200);
    expect(await storedClass(ids.movedUp)).toEqual(['1B']);
    expect(await storedClass(ids.leaver)).toEqual(['1B']);
    expect(await storedClass(ids.newcomer)).toEqual([]);
  });

  it('the 1B teacher corrects last year’s 1B in the grid, not a student who was in no class then', async () => {
    const mark = (studentId: string) =>
      teacher.post(`/api/terms/${termIds.past}/marks`, {
        student_id: studentId,
        subject_id: subjectId,
        exam_mark: 61,
      });
    expect((await mark(ids.movedUp)).statusCode).toBe(200);
    expect((await mark(ids.newcomer)).statusCode).toBe(403);
  });

  it('the posting check of last year’s term counts last year’s classes', async () => {
    const res = await admin.get(`/api/terms/${termIds.past}/missing-results`);
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json<PostingCheck>();
    const named = [...check.classes.flatMap((c) => c.no_marks), ...check.incomplete].map((s) => s.id);
    expect(named).not.toContain(ids.newcomer);
    expect(check.classes.map((c) => c.class_id)).not.toContain('2B');
  });

  it('a current term lists today’s classes, as before', async () => {
    expect(await gridOf(termIds.now, '1B')).toEqual([ids.newcomer]);
    expect(await gridOf(termIds.now, '2B')).toEqual([ids.movedUp]);
    const body = await templateOf(admin, termIds.now);
    expect(body).toContain(`${ids.newcomer},`);
    expect(body).not.toContain(ids.movedUp);
  });

  it('a term whose year has no school year row falls back to the live class', async () => {
    expect(await gridOf(termIds.noYear, '1B')).toEqual([ids.newcomer]);
    expect(await templateOf(admin, termIds.noYear)).toContain(`${ids.newcomer},`);
  });
});
