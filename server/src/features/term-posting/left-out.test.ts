import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { reportCardTermListSchema, type PostingCheck, type ReportCardTermReads } from '@sp/domain';
import { auditLog, formSubjects, subjects, termResults, terms } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * D41: a blank row is not a result. Class 1A has a student with marks, one added today with no row at all
 * and one with blank rows only; class 2B (a form teacher's) has only blank rows when the admin posts.
 */
let t: TestApp;
let admin: Agent;
let teacher: Agent;
let termId: number;
let mathId: number;
let engId: number;
const family: Record<string, Agent> = {};

const blank = (student_id: string, class_id: string, subject_id: number) => ({
  student_id,
  term_id: termId,
  subject_id,
  class_id,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  teacher = await t.signInStaff();
  const db = t.database.db;
  const [term] = await db.insert(terms).values({ year: 2025, term: 2, sessions_possible: 120 }).returning();
  termId = term!.id;
  const [math] = await db.insert(subjects).values({ code: 'LMATH', title: 'Mathematics' }).returning();
  const [eng] = await db.insert(subjects).values({ code: 'LENG', title: 'English' }).returning();
  mathId = math!.id;
  engId = eng!.id;
  await db.insert(formSubjects).values(
    [1, 2].flatMap((form_level) => [
      { subject_id: mathId, form_level },
      { subject_id: engId, form_level },
    ]),
  );
  const people: [string, string, string][] = [
    ['L101', '1A', 'Achong'],
    ['L102', '1A', 'Baksh'],
    ['L103', '1A', 'Cedeno'],
    ['L201', '2B', 'Dookie'],
    ['L202', '2B', 'Edwards'],
  ];
  for (const [id, class_id, last_name] of people) {
    await createStudent(db, { id, class_id, last_name, password: 'Family-pass-2025' });
    const agent = t.agent();
    const res = await agent.post('/api/login-student', { student_id: id, password: 'Family-pass-2025' });
    if (res.statusCode !== 200) throw new Error(`sign-in ${id}: ${res.statusCode} ${res.body}`);
    family[id] = agent;
  }
  await db.insert(termResults).values([
    { ...blank('L101', '1A', mathId), course_mark: '80', exam_mark: '70', total: '73', grade: 'B' },
    { ...blank('L101', '1A', engId), course_mark: '60', exam_absent: true },
    // L102 was added today: no row at all. L103 and class 2B: rows with nothing in them.
    blank('L103', '1A', mathId),
    blank('L103', '1A', engId),
    blank('L201', '2B', mathId),
    blank('L201', '2B', engId),
    blank('L202', '2B', mathId),
  ]);
});
afterAll(() => t.close());

const check = async () => (await admin.get(`/api/terms/${termId}/missing-results`)).json<PostingCheck>();
const post = (body: object = {}) =>
  admin.post('/api/post-term-reports', { year: 2025, term: 2, posted: 1, ...body });
const familyTerms = async (id: string) =>
  reportCardTermListSchema.parse((await family[id]!.get(`/api/report-card-terms/${id}`)).json());
const staffTerms = async (id: string) =>
  reportCardTermListSchema.parse((await teacher.get(`/api/report-card-terms/${id}`)).json());
const cardStatus = async (id: string) => (await family[id]!.get(`/api/report-card/${id}/2025/2`)).statusCode;

describe('the check before posting: a blank row is not a result', () => {
  it('lists by class the students with no entered mark, saying which have no rows and which blank ones', async () => {
    const res = await admin.get(`/api/terms/${termId}/missing-results`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PostingCheck>();
    expect(body.classes).toEqual([
      {
        class_id: '1A',
        students: 3,
        no_marks: [
          { id: 'L102', name: expect.stringContaining('Baksh'), reason: 'no_rows' },
          { id: 'L103', name: expect.stringContaining('Cedeno'), reason: 'blank_rows' },
        ],
      },
      {
        class_id: '2B',
        students: 2,
        no_marks: [
          { id: 'L201', name: expect.stringContaining('Dookie'), reason: 'blank_rows' },
          { id: 'L202', name: expect.stringContaining('Edwards'), reason: 'blank_rows' },
        ],
      },
    ]);
    // L101 has marks (one ABS) and every subject: complete apart from the summary.
    expect(body.incomplete).toEqual([expect.objectContaining({ id: 'L101', missing: [], no_summary: true })]);
    expect(body.left_out).toEqual([]);
  });
});

describe('posting leaves out students with no entered mark (two actors)', () => {
  it('gives no card to a class with no marks while the others read theirs', async () => {
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ posted: 1 });

    expect((await familyTerms('L101'))[0]).toMatchObject({ year: 2025, term: 2, posted: 1 });
    expect(await cardStatus('L101')).toBe(200);
    for (const id of ['L102', 'L103', 'L201', 'L202']) {
      expect(await familyTerms(id), id).toEqual([]);
      expect(await cardStatus(id), id).toBe(403);
    }
    // The form teacher sees their students' term as not posted, and the class's reads say so.
    expect((await staffTerms('L201'))[0]).toMatchObject({ term: 2, posted: 0, date_posted: null });
    const reads = (await teacher.get('/api/report-card-reads/2025/2')).json<ReportCardTermReads>();
    const b = reads.classes.find((c) => c.class_id === '2B')!;
    expect(b).toMatchObject({ students: 0, opened: 0 });
    expect(b.not_posted.map((s) => s.id)).toEqual(['L201', 'L202']);
    expect((await check()).left_out.sort()).toEqual(['L102', 'L103', 'L201', 'L202']);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'post_term'));
    expect(audit!.detail).toMatchObject({ term_id: termId, left_out_count: 4 });
  });

  it('gives the card once marks have come and the admin posts again, keeping the date posted', async () => {
    const posted = (await admin.get('/api/term-reports-posted')).json<
      { id: number; date_posted: string }[]
    >();
    const firstDate = posted.find((p) => p.id === termId)!.date_posted;
    // The form teacher's marks arrive after the posting.
    await t.database.db
      .update(termResults)
      .set({ course_mark: '55', exam_mark: '61' })
      .where(and(eq(termResults.student_id, 'L201'), eq(termResults.subject_id, mathId)));
    expect(await familyTerms('L201')).toEqual([]);

    t.clock.advanceMinutes(5);
    expect((await post()).json()).toMatchObject({ posted: 1, date_posted: firstDate });
    expect((await familyTerms('L201'))[0]).toMatchObject({ term: 2, posted: 1, date_posted: firstDate });
    expect(await cardStatus('L201')).toBe(200);
    expect(await cardStatus('L202')).toBe(403);
  });

  it('includes a class when the admin chooses to; its blank marks print as dashes, never Abs', async () => {
    expect((await post({ include_classes: ['2B'] })).statusCode).toBe(200);
    expect(await cardStatus('L202')).toBe(200);
    expect(await cardStatus('L103')).toBe(403);
    const card = await family.L202!.get('/api/report-card/L202/2025/2');
    const { text } = await pdfText(card.rawPayload);
    const table = text.slice(text.indexOf('SUBJECT'), text.indexOf("FORM TEACHER'S"));
    expect(table).toMatch(/Mathematics\s+–\s+–/);
    expect(table).toMatch(/English\s+–\s+–/);
    expect(table).not.toMatch(/Abs/);

    expect((await post({ include_all: true })).statusCode).toBe(200);
    expect(await cardStatus('L103')).toBe(200);
  });

  it('refuses a class that has no students this term, and a bad include', async () => {
    const unknown = await post({ include_classes: ['9Z'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/no class 9Z/);
    const bad = await post({ include_classes: ['<script>'] });
    expect(bad.statusCode).toBe(400);
    expect((await post({ include_all: 'yes' })).statusCode).toBe(400);
  });

  it('removing the term takes every card away again', async () => {
    expect((await admin.post('/api/post-term-reports', { year: 2025, term: 2, posted: 0 })).statusCode).toBe(
      200,
    );
    expect((await familyTerms('L101'))[0]).toMatchObject({ posted: 0 });
    expect(await cardStatus('L101')).toBe(403);
    expect((await check()).left_out).toEqual([]);
  });
});
