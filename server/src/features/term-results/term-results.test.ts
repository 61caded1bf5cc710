import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ClassGrid, ResultImport, ResultPreview, SubjectList, Term } from '@sp/domain';
import { auditLog, termResults, termSummaries } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent, ensureClass } from '../../test/factories.js';
import { csv, sendFile } from '../../test/import-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
let term: Term;
let subjects: SubjectList;

const HEADER =
  'Student ID,Subject,Course Mark,Exam Mark,Absences,Lateness,Application,Conduct,Teacher Remark';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await ensureClass(t.database.db, '1A', 1);
  await ensureClass(t.database.db, '2B', 2);
  for (const [id, last] of [
    ['R001', 'Ali'],
    ['R002', 'Baptiste'],
    ['R003', 'Charles'],
  ] as const)
    await createStudent(t.database.db, { id, last_name: last, class_id: '1A' });
  await createStudent(t.database.db, { id: 'R201', last_name: 'Dookie', class_id: '2B' });

  const created = await admin.post('/api/terms', {
    year: 2025,
    term: 1,
    start_date: '2025-09-01',
    end_date: '2025-12-12',
    next_term_start: '2026-01-06',
    sessions_possible: 130,
  });
  expect(created.statusCode, created.body).toBe(201);
  term = created.json<Term>();
  for (const [code, title] of [
    ['MATH', 'Mathematics'],
    ['ENG', 'English Language'],
    ['SPAN', 'Spanish'],
  ])
    subjects = (await admin.post('/api/subjects', { code, title })).json<SubjectList>();
  const id = (code: string) => subjects.subjects.find((s) => s.code === code)!.id;
  for (const code of ['MATH', 'ENG'])
    expect((await admin.post('/api/form-subjects', { subject_id: id(code), form_level: 1 })).statusCode).toBe(
      200,
    );
  // English weighs 50/50 in this term only.
  const override = await admin.post('/api/form-subjects', {
    subject_id: id('ENG'),
    form_level: 1,
    term_id: term.id,
    course_weight: 50,
    exam_weight: 50,
  });
  expect(override.statusCode, override.body).toBe(200);
  subjects = override.json<SubjectList>();
});
afterAll(() => t.close());

const preview = async (name: string, file: Buffer | string) => {
  const res = await sendFile(admin, `/api/terms/${term.id}/results/preview`, name, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultPreview>();
};
const confirm = async (name: string, file: Buffer | string) => {
  const res = await sendFile(admin, `/api/terms/${term.id}/results`, name, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultImport>();
};
const stored = async (student: string, code: string) => {
  const subjectId = subjects.subjects.find((s) => s.code === code)!.id;
  return (
    await t.database.db
      .select()
      .from(termResults)
      .where(
        and(
          eq(termResults.student_id, student),
          eq(termResults.term_id, term.id),
          eq(termResults.subject_id, subjectId),
        ),
      )
  )[0];
};

describe('terms and subjects', () => {
  it('lists the term with its dates and sessions', async () => {
    const list = (await admin.get('/api/terms')).json<Term[]>();
    expect(list.find((x) => x.id === term.id)).toMatchObject({
      year: 2025,
      term: 1,
      next_term_start: '2026-01-06',
      sessions_possible: 130,
      posted: 0,
    });
  });
  it('refuses a second 2025 Term 1, a term 4 and an end before the start', async () => {
    expect((await admin.post('/api/terms', { year: 2025, term: 1 })).statusCode).toBe(409);
    const four = await admin.post('/api/terms', { year: 2025, term: 4 });
    expect(four.statusCode).toBe(400);
    expect(four.json<{ message: string }>().message).toMatch(/1, 2 or 3/);
    const backwards = await admin.post('/api/terms', {
      year: 2026,
      term: 1,
      start_date: '2026-09-01',
      end_date: '2026-08-01',
    });
    expect(backwards.statusCode).toBe(400);
  });
  it('changes a term and audits each field', async () => {
    const res = await admin.post(`/api/terms/${term.id}`, {
      year: 2025,
      term: 1,
      start_date: '2025-09-01',
      end_date: '2025-12-12',
      next_term_start: '2026-01-07',
      sessions_possible: 130,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Term>().next_term_start).toBe('2026-01-07');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'term_update'));
    expect(audit.some((a) => a.field === 'next_term_start' && a.new_value === '2026-01-07')).toBe(true);
  });
  it('refuses weights that do not add up to 100', async () => {
    const res = await admin.post('/api/form-subjects', {
      subject_id: subjects.subjects[0]!.id,
      form_level: 1,
      course_weight: 40,
      exam_weight: 70,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/add up to 100/);
  });
});

describe('importing a term’s results', () => {
  const good = csv(
    HEADER,
    'R001,MATH,80,70,2,1,A,A,Works hard.',
    'R001,English Language,74.9,75,0,0,B,A,',
    'R002,math,74.5,75,,,,,',
    'R002,ENG,60,Abs,,,,,Missed the exam.',
  );

  it('previews every row and writes nothing', async () => {
    const p = await preview('form1.csv', good);
    expect(p.counts).toEqual({ new: 4, changed: 0, unchanged: 0, blank: 0, errors: 0 });
    expect(p.rows.map((r) => r.shown)).toEqual([
      'Course 80, exam 70, total 73 (B)',
      'Course 74.9, exam 75, total 75 (A)', // 50/50 this term: 74.95 rounds to 75.0
      'Course 74.5, exam 75, total 74.9 (B)',
      'Course 60, exam ABS, total —',
    ]);
    expect(await stored('R001', 'MATH')).toBeUndefined();
  });

  it('reports each bad row and writes nothing from a preview', async () => {
    const p = await preview(
      'bad.csv',
      csv(
        HEADER,
        'NOBODY,MATH,50,50,,,,,',
        'R003,SPAN,50,50,,,,,',
        'R003,MATH,101,50,,,,,',
        'R003,ENG,50,-3,,,,,',
        'R001,MATH,50,50,,,,,',
        'R001,Mathematics,60,60,,,,,',
        'R003,MATH,50,50,x,,,,',
      ),
    );
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 0, blank: 0, errors: 7 });
    const messages = p.rows.map((r) => r.errors.map((e) => e.message).join(' '));
    expect(messages[0]).toMatch(/No student has this ID/);
    expect(messages[1]).toMatch(/Form 1 does not take "SPAN"/);
    expect(messages[2]).toMatch(/from 0 to 100/);
    expect(messages[3]).toMatch(/from 0 to 100/);
    expect(messages[4]).toMatch(/rows 6, 7/);
    expect(messages[5]).toMatch(/rows 6, 7/);
    expect(messages[6]).toMatch(/whole number/);
    expect(
      await t.database.db.select().from(termResults).where(eq(termResults.term_id, term.id)),
    ).toHaveLength(0);
  });

  it('imports, stores total and grade, and leaves bad rows out', async () => {
    const result = await confirm('form1.csv', csv(good.trimEnd(), 'NOBODY,MATH,50,50,,,,,'));
    expect(result.counts).toEqual({ results: 4, summaries: 0, errors: 1 });
    expect(result.message).toMatch(/4 results and 0 summaries saved; 1 row with errors left out/);
    expect(await stored('R001', 'MATH')).toMatchObject({
      course_mark: '80.0',
      exam_mark: '70.0',
      total: '73.0',
      grade: 'B',
      absences: 2,
      conduct: 'A',
      teacher_remark: 'Works hard.',
      class_id: '1A',
    });
    expect(await stored('R002', 'ENG')).toMatchObject({ exam_mark: null, total: null, grade: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'term_results_import'));
    expect(audit.at(-1)?.detail).toMatchObject({ file: 'form1.csv', new: 4, errors: 1 });
  });

  it('upserts: the same file is unchanged, a changed mark is changed and audited', async () => {
    expect((await preview('form1.csv', good)).counts).toEqual({
      new: 0,
      changed: 0,
      unchanged: 4,
      blank: 0,
      errors: 0,
    });
    // Without the remark columns the stored remarks stay.
    const again = csv('Student ID,Subject,Course Mark,Exam Mark', 'R001,MATH,80,80');
    const p = await preview('fix.csv', again);
    expect(p.counts).toEqual({ new: 0, changed: 1, unchanged: 0, blank: 0, errors: 0 });
    await confirm('fix.csv', again);
    expect(await stored('R001', 'MATH')).toMatchObject({
      exam_mark: '80.0',
      total: '80.0',
      grade: 'A',
      teacher_remark: 'Works hard.',
    });
    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'term_result_update'), eq(auditLog.student_id, 'R001')));
    expect(change?.field).toBe('2025 Term 1 MATH Exam Mark');
    expect(change).toMatchObject({ old_value: '70', new_value: '80' });
  });

  it('reads an XLSX with a Results and a Summaries sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Results').addRows([
      ['Student ID', 'Student Name', 'Subject', 'Course Mark', 'Exam Mark'],
      ['R003', 'Charles, Asha', 'MATH', 55, 54.9],
    ]);
    workbook.addWorksheet('Summaries').addRows([
      ['Student ID', 'Sessions Present', 'Punctuality', 'Form Teacher Remark', 'Dean Remark'],
      ['R003', 120, 'A', 'A pleasant term.', 'Keep it up.'],
      ['R002', 140, '', '', ''],
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const p = await preview('term.xlsx', file);
    expect(p.counts).toEqual({ new: 2, changed: 0, unchanged: 0, blank: 0, errors: 1 });
    expect(
      p.rows.find((r) => r.sheet === 'summaries' && r.student_id === 'R002')?.errors[0]?.message,
    ).toMatch(/More sessions present than possible/);
    await confirm('term.xlsx', file);
    expect(await stored('R003', 'MATH')).toMatchObject({ total: '54.9', grade: 'D' });
    const [summary] = await t.database.db
      .select()
      .from(termSummaries)
      .where(and(eq(termSummaries.student_id, 'R003'), eq(termSummaries.term_id, term.id)));
    expect(summary).toMatchObject({
      sessions_present: 120,
      sessions_possible: 130,
      form_level: 1,
      ratings: { punctuality: 'A' },
      dean_remark: 'Keep it up.',
    });
  });

  it('refuses files it cannot use with a 4xx and a message', async () => {
    const noHeader = await sendFile(
      admin,
      `/api/terms/${term.id}/results/preview`,
      'x.csv',
      csv('a,b', '1,2'),
    );
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json<{ message: string }>().message).toMatch(/Student ID and Subject/);
    const noExam = await sendFile(
      admin,
      `/api/terms/${term.id}/results/preview`,
      'x.csv',
      csv('Student ID,Subject,Course Mark', 'R001,MATH,50'),
    );
    expect(noExam.statusCode).toBe(400);
    expect(noExam.json<{ message: string }>().message).toMatch(/Exam Mark/);
    const unknownTerm = await sendFile(admin, '/api/terms/999999/results', 'x.csv', csv(HEADER));
    expect(unknownTerm.statusCode).toBe(404);
    expect((await admin.post('/api/terms/abc/results', {})).statusCode).toBe(400);
  });

  it('offers a template with one row per student and subject', async () => {
    const res = await admin.get(`/api/terms/${term.id}/results-template.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Term Results 2025 Term 1 all classes.csv');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/ABS or ABSENT/);
    expect(lines[1]).toBe(
      'Student ID,Student Name,Class,Subject,Course Mark,Exam Mark,Absences,Lateness,Application,Conduct,Teacher Remark',
    );
    expect(lines.filter((l) => l.startsWith('R001,'))).toHaveLength(2);
    // The filled-in template imports as it is and changes nothing.
    const again = await preview('template.csv', res.body);
    expect(again.counts).toMatchObject({ errors: 0, new: 0, changed: 0 });
    const xlsx = await admin.get(`/api/terms/${term.id}/results-template.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Results', 'Summaries']);
  });
});

describe('the marks grid', () => {
  it('shows a class and corrects one mark', async () => {
    const grid = (await admin.get(`/api/terms/${term.id}/grid?class_id=1A`)).json<ClassGrid>();
    expect(grid.subjects.map((s) => s.code).sort()).toEqual(['ENG', 'MATH']);
    expect(grid.students.map((s) => s.id)).toEqual(['R001', 'R002', 'R003']);
    const eng = subjects.subjects.find((s) => s.code === 'ENG')!.id;
    const res = await admin.post(`/api/terms/${term.id}/marks`, {
      student_id: 'R002',
      subject_id: eng,
      course_mark: 60,
      exam_mark: 70,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 65, grade: 'B' }); // 50/50 this term
    expect(await stored('R002', 'ENG')).toMatchObject({ total: '65.0', grade: 'B' });
  });
  it('refuses a mark out of range, a subject the form does not take and an unknown class', async () => {
    const math = subjects.subjects.find((s) => s.code === 'MATH')!.id;
    const span = subjects.subjects.find((s) => s.code === 'SPAN')!.id;
    const send = (body: object) => admin.post(`/api/terms/${term.id}/marks`, body);
    expect(
      (await send({ student_id: 'R002', subject_id: math, course_mark: 100.5, exam_mark: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await send({ student_id: 'R002', subject_id: span, course_mark: 50, exam_mark: 50 })).statusCode,
    ).toBe(400);
    expect(
      (await send({ student_id: 'NOBODY', subject_id: math, course_mark: 50, exam_mark: 50 })).statusCode,
    ).toBe(404);
    expect((await admin.get(`/api/terms/${term.id}/grid?class_id=9Z`)).statusCode).toBe(404);
    expect((await admin.get(`/api/terms/${term.id}/grid`)).statusCode).toBe(400);
  });
});
