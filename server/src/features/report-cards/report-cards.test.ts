import { and, eq, isNull } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reportCardJobSchema,
  reportCardTermListSchema,
  reportCardTermReadsSchema,
  type ReportCardJob,
} from '@sp/domain';
import { auditLog, reportCardReads, termResults, terms } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ensureSubjects, ensureTerm, seedResults } from '../../test/term-factories.js';

let t: TestApp;
let staff: Agent;
let student: Agent;
let studentId: string;
let classmates: string[];
let posted: Awaited<ReturnType<typeof ensureTerm>>;
let unposted: Awaited<ReturnType<typeof ensureTerm>>;

async function pdfOf(payload: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** The file names in a ZIP's central directory. */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (
    let at = zip.indexOf('PK\u0001\u0002', 0, 'latin1');
    at >= 0;
    at = zip.indexOf('PK\u0001\u0002', at + 4, 'latin1')
  ) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}

/** Nearly the longest remark a result holds (255): twelve of them still fit one page. */
const LONG_REMARK =
  'Shows real promise and a keen interest in the subject, but must complete every piece of homework on time, ' +
  'revise each week rather than the night before a test, and ask for help as soon as something is unclear. ' +
  'A fine term overall; well done, keep going.';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  posted = await ensureTerm(db, 2024, 1, true);
  unposted = await ensureTerm(db, 2024, 2, false);
  const subjectRows = (await ensureSubjects(db)).sort((a, b) => a.title.localeCompare(b.title));
  const signedIn = await t.signInStudent({ class_id: '2B', last_name: 'Mohammed', first_name: 'Zara' });
  student = signedIn.agent;
  studentId = signedIn.student.id;
  // Mathematics 80/70 → 73 (B); English Language missed the exam → Abs, no total.
  const marks = subjectRows.map((s) =>
    s.title === 'Mathematics'
      ? { course: 80, exam: 70 }
      : s.title === 'English Language'
        ? { course: 62, exam: null }
        : { course: 90, exam: 85 },
  );
  for (const term of [posted, unposted])
    await seedResults(db, {
      termId: term.id,
      studentId,
      classId: '2B',
      subjects: subjectRows,
      marks,
      remark: () => LONG_REMARK,
    });
  // D40: the missed exam is written ABS, not left blank.
  await db
    .update(termResults)
    .set({ exam_absent: true })
    .where(and(eq(termResults.student_id, studentId), isNull(termResults.exam_mark)));
  classmates = [];
  for (const [i, last] of ['Williams', 'Baptiste', 'Ali', 'Charles'].entries()) {
    const s = await createStudent(db, { class_id: '2B', last_name: last, password: 'Classmate-pass-1' });
    classmates.push(s.id);
    await seedResults(db, {
      termId: posted.id,
      studentId: s.id,
      classId: '2B',
      subjects: subjectRows,
      seed: i + 2,
    });
  }
  staff = await t.signInAdmin();
});
afterAll(() => t.close());

describe('term report list (spec: report-card-terms)', () => {
  it('lists both terms for the student, with the posted flag and the class', async () => {
    const res = await student.get(`/api/report-card-terms/${studentId}`);
    expect(res.statusCode).toBe(200);
    const list = reportCardTermListSchema.parse(res.json());
    expect(list).toEqual([
      { year: 2024, term: 2, posted: 0, date_posted: null, form_level: 2, class_id: '2B' },
      { year: 2024, term: 1, posted: 1, date_posted: '2024-12-15 10:00:00', form_level: 2, class_id: '2B' },
    ]);
  });

  it('refuses another student and answers 404 to staff for an unknown student', async () => {
    expect((await student.get(`/api/report-card-terms/${classmates[0]}`)).statusCode).toBe(403);
    expect((await staff.get('/api/report-card-terms/NO-SUCH-ID')).statusCode).toBe(404);
  });
});

describe('report card PDF', () => {
  it("holds the student's marks, totals and grades on one Legal page", async () => {
    const res = await student.get(`/api/report-card/${studentId}/2024/1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    const { text, pages } = await pdfOf(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('END OF TERM REPORT - 2024 / 2025');
    expect(text).toContain('Mohammed, Zara');
    expect(text).toMatch(/Mathematics\s+80\s+70\s+73\s+B/);
    expect(text).toMatch(/English Language\s+62\s+Abs/);
    // The missed exam leaves English out of the average, and the card says so.
    expect(text).toMatch(/AVERAGE OF 11 SUBJECTS/);
    expect(text).toMatch(/Integrated Science\s+90\s+85\s+86\.5\s+A/);
    expect(text).toContain('School re-opens on Sunday 5 January 2025');
    expect(text).toContain("not valid without the school's stamp and signature");
    expect(text).toContain('A pleasant and hard-working student');
    expect(text).toMatch(/NUMBER IN CLASS[\s\S]*5/);
    expect(text).toMatch(/DEPORTMENT\s+Very Good/);
  });

  it('refuses a student an unposted term and another student, and lets staff open both', async () => {
    expect((await student.get(`/api/report-card/${studentId}/2024/2`)).statusCode).toBe(403);
    expect((await student.get(`/api/report-card/${classmates[0]}/2024/1`)).statusCode).toBe(403);
    expect((await staff.get(`/api/report-card/${studentId}/2024/2`)).statusCode).toBe(200);
    expect((await staff.get(`/api/report-card/${classmates[0]}/2024/1`)).statusCode).toBe(200);
  });

  it('follows posting: posted shows the card, unposted refuses it', async () => {
    const db = t.database.db;
    await db
      .update(terms)
      .set({ posted: 1, date_posted: '2025-04-10 09:30:00' })
      .where(eq(terms.id, unposted.id));
    const list = reportCardTermListSchema.parse(
      (await student.get(`/api/report-card-terms/${studentId}`)).json(),
    );
    expect(list[0]).toMatchObject({ term: 2, posted: 1, date_posted: '2025-04-10 09:30:00' });
    expect((await student.get(`/api/report-card/${studentId}/2024/2`)).statusCode).toBe(200);

    await db.update(terms).set({ posted: 0, date_posted: null }).where(eq(terms.id, unposted.id));
    const again = reportCardTermListSchema.parse(
      (await student.get(`/api/report-card-terms/${studentId}`)).json(),
    );
    expect(again[0]).toMatchObject({ term: 2, posted: 0, date_posted: null });
    expect((await student.get(`/api/report-card/${studentId}/2024/2`)).statusCode).toBe(403);
  });

  it.each([
    ['/2024/4', 400],
    ['/2024/0', 400],
    ['/1999/1', 400],
    ['/abcd/1', 400],
    ['/2024/1.5', 400],
    ['/2023/1', 404],
  ])('answers %s with %i and a message', async (suffix, status) => {
    const res = await staff.get(`/api/report-card/${studentId}${suffix}`);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('answers 404 for a student with no results in a term that exists', async () => {
    const other = await createStudent(t.database.db, { class_id: '2B' });
    const res = await staff.get(`/api/report-card/${other.id}/2024/1`);
    expect(res.statusCode).toBe(404);
  });
});

describe('read tracking (D24)', () => {
  it("logs each opening by the family, not staff's, and shows who has not opened theirs", async () => {
    const db = t.database.db;
    await db.delete(reportCardReads);
    await student.get(`/api/report-card/${studentId}/2024/1`);
    await student.get(`/api/report-card/${studentId}/2024/1`);
    await staff.get(`/api/report-card/${classmates[1]}/2024/1`);
    const reads = await db.select().from(reportCardReads);
    expect(reads).toHaveLength(2);
    expect(reads.every((r) => r.student_id === studentId && r.term_id === posted.id)).toBe(true);

    const res = await staff.get('/api/report-card-reads/2024/1');
    expect(res.statusCode).toBe(200);
    const body = reportCardTermReadsSchema.parse(res.json());
    const cls = body.classes.find((c) => c.class_id === '2B')!;
    expect(cls).toMatchObject({ students: 5, opened: 1, form_level: 2 });
    expect(cls.not_opened.map((s) => s.last_name)).toEqual(['Ali', 'Baptiste', 'Charles', 'Williams']);

    const terms = (await staff.get('/api/report-card-reads')).json<{ term: number; opened: number }[]>();
    expect(terms.find((x) => x.term === 1)).toMatchObject({ opened: 1 });
  });

  it('refuses students and answers 404 for a term that does not exist', async () => {
    expect((await student.get('/api/report-card-reads/2024/1')).statusCode).toBe(403);
    expect((await staff.get('/api/report-card-reads/2030/1')).statusCode).toBe(404);
    expect((await staff.get('/api/report-card-reads/2024/9')).statusCode).toBe(400);
  });
});

describe('whole class in one go (D24)', () => {
  async function finished(id: number): Promise<ReportCardJob> {
    for (let i = 0; i < 200; i++) {
      const job = reportCardJobSchema.parse((await staff.get(`/api/report-card-jobs/${id}`)).json());
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the job did not finish');
  }

  it('builds one PDF with a page per student, by last name, and audits it', async () => {
    const start = await staff.post('/api/report-card-jobs', {
      year: 2024,
      term: 1,
      class_id: '2B',
      kind: 'pdf',
    });
    expect(start.statusCode, start.body).toBe(202);
    const job = await finished(reportCardJobSchema.parse(start.json()).id);
    expect(job).toMatchObject({ status: 'done', done: 5, total: 5 });
    const file = await staff.get(`/api/report-card-jobs/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfOf(file.rawPayload);
    expect(pages).toBe(5);
    const order = ['Ali', 'Baptiste', 'Charles', 'Mohammed', 'Williams'].map((n) => text.indexOf(`${n},`));
    expect(order.every((p) => p >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'report_cards_export'));
    expect(audit.length).toBeGreaterThan(0);

    const listed = (await staff.get('/api/report-card-jobs?year=2024&term=1')).json<ReportCardJob[]>();
    expect(listed[0]).toMatchObject({ id: job.id, status: 'done' });
  });

  it('builds a ZIP of one PDF per student', async () => {
    const start = await staff.post('/api/report-card-jobs', {
      year: 2024,
      term: 1,
      class_id: '2B',
      kind: 'zip',
    });
    const job = await finished(reportCardJobSchema.parse(start.json()).id);
    const file = await staff.get(`/api/report-card-jobs/${job.id}/file`);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = file.rawPayload;
    expect(zip.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
    const names = zipEntryNames(zip);
    expect(names).toHaveLength(5);
    expect(names.some((n) => n.startsWith(`Mohammed Zara ${studentId}`))).toBe(true);
  });

  it('refuses bad requests and unknown classes, terms and jobs', async () => {
    const start = (agent: Agent, change: Record<string, unknown>) =>
      agent.post('/api/report-card-jobs', { year: 2024, term: 1, class_id: '2B', kind: 'pdf', ...change });
    expect((await start(staff, { kind: 'docx' })).statusCode).toBe(400);
    expect((await start(staff, { term: 4 })).statusCode).toBe(400);
    expect((await start(staff, { class_id: '5Z' })).statusCode).toBe(404);
    expect((await start(staff, { year: 2030 })).statusCode).toBe(404);
    expect((await start(student, {})).statusCode).toBe(403);
    expect((await staff.get('/api/report-card-jobs/999999')).statusCode).toBe(404);
    expect((await staff.get('/api/report-card-jobs/999999/file')).statusCode).toBe(404);
    expect((await staff.get('/api/report-card-jobs/x')).statusCode).toBe(400);
    expect((await staff.get('/api/report-card-jobs?year=2024')).statusCode).toBe(400);
  });
});
