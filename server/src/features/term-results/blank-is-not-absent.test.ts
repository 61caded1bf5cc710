import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ClassGrid, ResultImport, ResultPreview, StudentHistory, SubjectList, Term } from '@sp/domain';
import { auditLog, termResults, termSummaries } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStaff, createStudent, ensureClass } from '../../test/factories.js';
import { csv, sendFile } from '../../test/import-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** D40 (blank is not absent) and D44 (staff with classes), through the routes on a real database. */
let t: TestApp;
let admin: Agent;
let term: Term;
let subjects: SubjectList;
const HEADER = 'Student ID,Subject,Course Mark,Exam Mark,Teacher Remark';
const idOf = (code: string) => subjects.subjects.find((s) => s.code === code)!.id;

async function staffWithClasses(classes: string[]): Promise<Agent> {
  const account = await createStaff(t.database.db, undefined, undefined, 'staff');
  const set = await admin.post(`/api/staff-users/${account.id}`, { classes });
  expect(set.statusCode, set.body).toBe(200);
  const agent = t.agent();
  const res = await agent.post('/api/admin-login', { name: account.username, password: account.password });
  expect(res.statusCode, res.body).toBe(200);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await ensureClass(t.database.db, '1A', 1);
  await ensureClass(t.database.db, '1B', 1);
  for (const [id, last, cls] of [
    ['A001', 'Ali', '1A'],
    ['A002', 'Baptiste', '1A'],
    ['B001', 'Charles', '1B'],
    ['B002', 'Dookie', '1B'],
  ] as const)
    await createStudent(t.database.db, { id, last_name: last, class_id: cls });
  const created = await admin.post('/api/terms', { year: 2025, term: 2, sessions_possible: 100 });
  expect(created.statusCode, created.body).toBe(201);
  term = created.json<Term>();
  for (const [code, title] of [
    ['MATH', 'Mathematics'],
    ['ENG', 'English Language'],
  ])
    subjects = (await admin.post('/api/subjects', { code, title })).json<SubjectList>();
  for (const code of ['MATH', 'ENG'])
    expect(
      (await admin.post('/api/form-subjects', { subject_id: idOf(code), form_level: 1 })).statusCode,
    ).toBe(200);
});
afterAll(() => t.close());

const url = (path: string) => `/api/terms/${term.id}${path}`;
async function preview(agent: Agent, file: Buffer | string, page = 1) {
  const res = await sendFile(agent, url(`/results/preview?page=${page}`), 'marks.csv', file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultPreview>();
}
async function confirm(agent: Agent, file: Buffer | string) {
  const res = await sendFile(agent, url('/results'), 'marks.csv', file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultImport>();
}
async function stored(student: string, code: string) {
  const [row] = await t.database.db
    .select()
    .from(termResults)
    .where(
      and(
        eq(termResults.student_id, student),
        eq(termResults.term_id, term.id),
        eq(termResults.subject_id, idOf(code)),
      ),
    );
  return row;
}

describe('D40: a blank cell keeps what is stored', () => {
  it('stores ABS as absent (mark null), and a blank row creates nothing', async () => {
    const p = await preview(admin, csv(HEADER, 'A001,MATH,80,70,', 'A001,ENG,60,abs,', 'A002,MATH,,,'));
    expect(p.counts).toEqual({ new: 2, changed: 0, unchanged: 0, blank: 1, errors: 0 });
    await confirm(admin, csv(HEADER, 'A001,MATH,80,70,', 'A001,ENG,60,abs,', 'A002,MATH,,,'));
    expect(await stored('A001', 'ENG')).toMatchObject({
      course_mark: '60.0',
      exam_mark: null,
      exam_absent: true,
      course_absent: false,
      total: null,
    });
    expect(await stored('A002', 'MATH')).toBeUndefined();
  });

  it('a blank cell over a stored mark keeps it; ABS over a mark replaces it, shown old → new', async () => {
    const file = csv(HEADER, 'A001,MATH,,ABS,', 'A001,ENG,,,Missed the exam.');
    const p = await preview(admin, file);
    expect(p.counts).toMatchObject({ changed: 2, unchanged: 0 });
    const math = p.rows.find((r) => r.subject === 'MATH')!;
    expect(math.changes).toEqual([{ field: 'exam_mark', from: '70', to: 'ABS' }]);
    const eng = p.rows.find((r) => r.subject === 'ENG')!;
    expect(eng.changes).toEqual([{ field: 'teacher_remark', from: '', to: 'Missed the exam.' }]);
    await confirm(admin, file);
    expect(await stored('A001', 'MATH')).toMatchObject({
      course_mark: '80.0',
      exam_mark: null,
      exam_absent: true,
    });
    expect(await stored('A001', 'ENG')).toMatchObject({ course_mark: '60.0', exam_absent: true });
  });

  it('a number over ABS clears the absence; the history shows old → new per field', async () => {
    await confirm(admin, csv(HEADER, 'A001,MATH,,75,'));
    expect(await stored('A001', 'MATH')).toMatchObject({ exam_mark: '75.0', exam_absent: false, grade: 'A' });
    const history = (await admin.get('/api/students/A001/history')).json<StudentHistory>();
    const marks = history.entries.filter((e) => e.action === 'term_result_update');
    expect(marks.map((e) => [e.field, e.old_value, e.new_value])).toContainEqual([
      '2025 Term 2 MATH Exam Mark',
      'ABS',
      '75',
    ]);
    expect(marks.map((e) => [e.field, e.old_value, e.new_value])).toContainEqual([
      '2025 Term 2 MATH Exam Mark',
      '70',
      'ABS',
    ]);
  });

  it('summaries: a blank cell keeps the stored attendance, ratings and remarks', async () => {
    const head = 'Student ID,Sessions Present,Punctuality,Form Teacher Remark';
    await confirm(admin, csv(head, 'A001,90,A,A good term.', 'A002,,,'));
    const p = await preview(admin, csv(head, 'A001,,B,'));
    expect(p.rows[0]!.changes).toEqual([{ field: 'punctuality', from: 'A', to: 'B' }]);
    await confirm(admin, csv(head, 'A001,,B,'));
    const rows = await t.database.db.select().from(termSummaries).where(eq(termSummaries.term_id, term.id));
    expect(rows).toHaveLength(1); // A002's blank row made nothing
    expect(rows[0]).toMatchObject({
      sessions_present: 90,
      sessions_possible: 100,
      ratings: { punctuality: 'B' },
      form_teacher_remark: 'A good term.',
    });
  });

  it('the class template is prefilled (ABS as ABS), has a Class column, and imports back unchanged', async () => {
    const res = await admin.get(url('/results-template.csv?class_id=1A'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain('Term Results 2025 Term 2 1A.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[1]).toMatch(/^Student ID,Student Name,Class,Subject,Course Mark,Exam Mark/);
    expect(lines.slice(2).every((l) => l.includes(',1A,'))).toBe(true);
    expect(lines).toContain('A001,"Ali, Asha",1A,ENG,60,ABS,,,,,Missed the exam.');
    expect((await preview(admin, res.body)).counts).toMatchObject({ new: 0, changed: 0, errors: 0 });

    const summaries = await admin.get(url('/summaries-template.csv?class_id=1A'));
    expect(summaries.headers['cache-control']).toBe('no-store');
    expect(summaries.body).toContain('A001,"Ali, Asha",1A,90,100,B');
    const xlsx = await admin.get(url('/results-template.xlsx?class_id=1B'));
    expect(xlsx.headers['cache-control']).toBe('no-store');
    expect(xlsx.headers['content-disposition']).toContain('Term Results 2025 Term 2 1B.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Results')!;
    expect(sheet.getRow(2).getCell(3).value).toBe('1B');
    expect(JSON.stringify(sheet.getRow(1).getCell(6).note)).toMatch(/ABS/);
    expect((await admin.get(url('/results-template.csv?class_id=9Z'))).statusCode).toBe(404);
  });

  it('the grid sets ABS, keeps a mark left out, and clears a mark only when asked', async () => {
    const send = (body: object) =>
      admin.post(url('/marks'), { student_id: 'A002', subject_id: idOf('ENG'), ...body });
    expect((await send({ course_mark: 55, exam_mark: 'ABS' })).statusCode).toBe(200);
    expect(await stored('A002', 'ENG')).toMatchObject({ course_mark: '55.0', exam_absent: true });
    expect((await send({ exam_mark: 61 })).json()).toMatchObject({
      course_mark: 55,
      exam_mark: 61,
      exam_absent: false,
    });
    const cleared = await send({ course_mark: null });
    expect(cleared.json()).toMatchObject({
      course_mark: null,
      course_absent: false,
      exam_mark: 61,
      total: null,
    });
    expect(await stored('A002', 'ENG')).toMatchObject({ course_mark: null, course_absent: false });
    const grid = (await admin.get(url('/grid?class_id=1A'))).json<ClassGrid>();
    const a001 = grid.students.find((s) => s.id === 'A001')!;
    expect(a001.results.find((r) => r.subject_id === idOf('ENG'))).toMatchObject({ exam_absent: true });
    const bad = await send({ exam_mark: 'absent' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/ABS/);
  });
});

describe('D44: a staff member with classes works on those classes only', () => {
  let staffA: Agent;
  let staffB: Agent;
  beforeAll(async () => {
    staffA = await staffWithClasses(['1A']);
    staffB = await staffWithClasses(['1B']);
  });

  it('rows for another class are errors in the preview; the other staff member sees their import', async () => {
    const file = csv(HEADER, 'B001,MATH,66,67,', 'A002,MATH,50,50,');
    const p = await preview(staffB, file);
    expect(p.counts).toMatchObject({ new: 1, errors: 1 });
    expect(p.rows[0]!.errors[0]!.message).toMatch(/Not your class: the student is in 1A/);
    await confirm(staffB, file);
    expect(await stored('A002', 'MATH')).toBeUndefined();
    // Staff A sees B's mark in the grid of 1B, and may not correct it.
    const grid = (await staffA.get(url('/grid?class_id=1B'))).json<ClassGrid>();
    expect(grid.students.find((s) => s.id === 'B001')!.results[0]).toMatchObject({ course_mark: 66 });
    const refused = await staffA.post(url('/marks'), {
      student_id: 'B001',
      subject_id: idOf('MATH'),
      exam_mark: 90,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/your own classes only \(1A\)/);
    expect(await stored('B001', 'MATH')).toMatchObject({ exam_mark: '67.0' });
    // Staff A imports for 1A in turn: the 1B row is refused, and staff B sees A's mark, B's own untouched.
    const fromA = csv(HEADER, 'A002,ENG,,,Keep practising.', 'B001,MATH,1,1,');
    expect((await confirm(staffA, fromA)).counts).toEqual({ results: 1, summaries: 0, errors: 1 });
    const seenByB = (await staffB.get(url('/grid?class_id=1A'))).json<ClassGrid>();
    expect(seenByB.students.find((s) => s.id === 'A002')!.results).toHaveLength(1);
    expect(await stored('A002', 'ENG')).toMatchObject({
      teacher_remark: 'Keep practising.',
      exam_mark: '61.0',
    });
    expect(await stored('B001', 'MATH')).toMatchObject({ course_mark: '66.0' });
    const own = await staffA.post(url('/marks'), {
      student_id: 'A002',
      subject_id: idOf('MATH'),
      exam_mark: 44,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a template without a class is the staff member’s own classes; the class list puts them first', async () => {
    const res = await staffB.get(url('/results-template.csv'));
    expect(res.headers['content-disposition']).toContain('Term Results 2025 Term 2 1B.csv');
    expect(res.body).toContain('B001,');
    expect(res.body).not.toContain('A001,');
    const classes = (await staffB.get('/api/term-results/classes')).json<{
      classes: { class_id: string; mine: boolean }[];
      restricted: boolean;
    }>();
    expect(classes.restricted).toBe(true);
    expect(classes.classes[0]).toMatchObject({ class_id: '1B', mine: true });
    expect((await admin.get('/api/term-results/classes')).json<{ restricted: boolean }>().restricted).toBe(
      false,
    );
  });

  it('an administrator and staff without classes keep the whole school', async () => {
    const everyone = await t.signInStaff();
    const p = await preview(everyone, csv(HEADER, 'A001,MATH,81,,', 'B002,MATH,50,,'));
    expect(p.counts.errors).toBe(0);
  });
});

describe('D47: bounded work on a big file', () => {
  it('10,000 rows of one student and subject answer quickly with a capped message and one page', async () => {
    const rows = Array.from({ length: 10_000 }, () => 'B002,ENG,50,50,');
    const started = Date.now();
    const p = await preview(admin, csv(HEADER, ...rows));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(p.counts.errors).toBe(10_000);
    expect(p.total_rows).toBe(10_000);
    expect(p.rows).toHaveLength(p.page_size);
    expect(p.rows[0]!.errors[0]!.message).toBe(
      'The same student and subject are on rows 2, 3, 4 … and 9,997 more.',
    );
    const last = await preview(admin, csv(HEADER, ...rows), 50);
    expect(last.rows.at(-1)!.line).toBe(10_001);
  });

  it('refuses a file over the row cap with 413 and a message', async () => {
    const big = `${HEADER}\r\n${'B002,ENG,,,\r\n'.repeat(200_001)}`;
    const res = await sendFile(admin, url('/results/preview'), 'big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/at most 200,000 rows/);
  });

  it('the preview lists errors first, then changes', async () => {
    const p = await preview(admin, csv(HEADER, 'A001,MATH,80,,', 'B002,MATH,1,1,', 'NOBODY,MATH,1,1,'));
    expect(p.rows.map((r) => r.status)).toEqual(['error', 'new', 'unchanged']);
    expect((await sendFile(admin, url('/results/preview?page=0'), 'x.csv', csv(HEADER))).statusCode).toBe(
      400,
    );
  });
});

describe('audit of an import', () => {
  it('writes one row per changed field with the old and new value', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'term_result_update'), eq(auditLog.student_id, 'A001')));
    expect(rows.every((r) => r.field?.startsWith('2025 Term 2 '))).toBe(true);
    expect(
      rows.some((r) => r.field === '2025 Term 2 ENG Teacher Remark' && r.new_value === 'Missed the exam.'),
    ).toBe(true);
  });
});
