import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCardJobSchema, type ReportCardJob } from '@sp/domain';
import { eq } from 'drizzle-orm';
import { formSubjects, reportCardJobs, subjects, termResults, terms } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ensureTerm } from '../../test/term-factories.js';
import { zipEntryTime } from './class-jobs.js';

/**
 * D40, D41: on a card, "Abs" is only a mark written ABS; a mark nobody entered is a dash. A missed exam
 * leaves its subject out of the average (the card then says of how many subjects) or counts as 0, as the
 * school's setting says.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  const db = t.database.db;
  const term = await ensureTerm(db, 2025, 1, true);
  const rows = await db
    .insert(subjects)
    .values([
      { code: 'CMATH', title: 'Mathematics' },
      { code: 'CENG', title: 'English' },
      { code: 'CSCI', title: 'Science' },
    ])
    .returning();
  const [math, eng, sci] = rows.map((r) => r.id) as [number, number, number];
  await db.insert(formSubjects).values(
    [math, eng, sci].map((subject_id) => ({
      subject_id,
      form_level: 3,
      course_weight: 40,
      exam_weight: 60,
    })),
  );
  await createStudent(db, { id: 'C301', class_id: '3A', last_name: 'Absent' });
  await createStudent(db, { id: 'C302', class_id: '3A', last_name: 'Blank' });
  const base = { term_id: term.id, class_id: '3A' };
  await db.insert(termResults).values([
    // C301: Mathematics 80/70 → 74; English exam missed (ABS); Science 50/50 → 50.
    {
      ...base,
      student_id: 'C301',
      subject_id: math,
      course_mark: '80',
      exam_mark: '70',
      total: '74',
      grade: 'B',
    },
    { ...base, student_id: 'C301', subject_id: eng, course_mark: '60', exam_absent: true },
    {
      ...base,
      student_id: 'C301',
      subject_id: sci,
      course_mark: '50',
      exam_mark: '50',
      total: '50',
      grade: 'D',
    },
    // C302: Mathematics 90/90; English course entered, exam never entered; no Science row at all.
    {
      ...base,
      student_id: 'C302',
      subject_id: math,
      course_mark: '90',
      exam_mark: '90',
      total: '90',
      grade: 'A',
    },
    { ...base, student_id: 'C302', subject_id: eng, course_mark: '70' },
  ]);
});
afterAll(() => t.close());

const tableOf = async (id: string) => {
  const res = await admin.get(`/api/report-card/${id}/2025/1`);
  expect(res.statusCode, res.body).toBe(200);
  const { text } = await pdfText(res.rawPayload);
  return { text, table: text.slice(text.indexOf('SUBJECT'), text.indexOf("FORM TEACHER'S")) };
};

describe('marks on the card', () => {
  it('prints Abs for ABS and a dash for a mark nobody entered, and says how many subjects are averaged', async () => {
    const absent = await tableOf('C301');
    expect(absent.table).toMatch(/English\s+60\s+Abs\s/);
    expect(absent.text).toMatch(/AVERAGE OF 2 SUBJECTS\s+62\s+CLASS AVERAGE\s+76\s/);
    // One card still ranks its student against the whole class's results.
    expect(absent.text).toMatch(/NUMBER IN CLASS\s+2\s+POSITION IN CLASS\s+2\s/);

    const blank = await tableOf('C302');
    expect(blank.table).toMatch(/English\s+70\s+–\s/);
    expect(blank.table).toMatch(/Science\s+–\s+–\s/);
    expect(blank.table).not.toMatch(/Abs/);
    expect(blank.text).toMatch(/AVERAGE OF 1 SUBJECT\s+90\s+CLASS AVERAGE\s+76\s/);
    expect(blank.text).toMatch(/NUMBER IN CLASS\s+2\s+POSITION IN CLASS\s+1\s/);
  });

  it('leaves off a subject the form was given after the term, which nobody was marked in', async () => {
    const db = t.database.db;
    const [art] = await db.insert(subjects).values({ code: 'CART', title: 'Visual Arts' }).returning();
    await db.insert(formSubjects).values({ subject_id: art!.id, form_level: 3 });
    const { table } = await tableOf('C302');
    expect(table).not.toMatch(/Visual Arts/);
    expect(table).toMatch(/Science\s+–\s+–\s/);
  });

  it('counts a missed exam as 0 when the school says so, and then averages every subject', async () => {
    const set = await admin.post('/api/settings', { missed_exam_counts_as_zero: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ missed_exam_counts_as_zero: true });
    const absent = await tableOf('C301');
    // English 60 × 40% + 0 × 60% = 24 (E); average of 74, 24 and 50 = 49.3.
    expect(absent.table).toMatch(/English\s+60\s+Abs\s+24\s+E/);
    expect(absent.text).toMatch(/AVERAGE\s+49\.3\s+CLASS AVERAGE\s+69\.7\s/);
    expect(absent.text).not.toMatch(/AVERAGE OF/);
    // A mark nobody entered is never taken as 0.
    const blank = await tableOf('C302');
    expect(blank.text).toMatch(/AVERAGE OF 1 SUBJECT/);

    expect((await admin.post('/api/settings', { missed_exam_counts_as_zero: 'yes' })).statusCode).toBe(400);
    await admin.post('/api/settings', { missed_exam_counts_as_zero: false });
  });
});

describe('class downloads', () => {
  it('a second click while the class is being built gets the same job', async () => {
    const db = t.database.db;
    const [term] = await db.select().from(terms).where(eq(terms.year, 2025));
    const now = t.clock.now();
    // A build in progress (in this process or another): the click gets it back, 200, no second job.
    const [running] = await db
      .insert(reportCardJobs)
      .values({
        term_id: term!.id,
        class_id: '3A',
        kind: 'pdf',
        total: 2,
        created_by: 'x',
        created_at: now,
        updated_at: now,
      })
      .returning();
    const body = { year: 2025, term: 1, class_id: '3A', kind: 'pdf' };
    const again = await admin.post('/api/report-card-jobs', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(reportCardJobSchema.parse(again.json())).toMatchObject({ id: running!.id, status: 'running' });
    // The other kind is another file: it starts.
    expect((await admin.post('/api/report-card-jobs', { ...body, kind: 'zip' })).statusCode).toBe(202);
    // A build that stopped moving long ago died with its process: a click starts a new one.
    t.clock.advanceMinutes(6);
    const fresh = await admin.post('/api/report-card-jobs', body);
    expect(fresh.statusCode).toBe(202);
    expect(reportCardJobSchema.parse(fresh.json()).id).not.toBe(running!.id);
    const jobs = (await admin.get('/api/report-card-jobs?year=2025&term=1')).json<ReportCardJob[]>();
    expect(jobs.filter((j) => j.kind === 'pdf')).toHaveLength(2);
  });

  it('dates ZIP entries by the school clock at the time, not 1970', async () => {
    const start = await admin.post('/api/report-card-jobs', {
      year: 2025,
      term: 1,
      class_id: '3A',
      kind: 'zip',
    });
    let job = reportCardJobSchema.parse(start.json());
    for (let i = 0; i < 200 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      job = reportCardJobSchema.parse((await admin.get(`/api/report-card-jobs/${job.id}`)).json());
    }
    const zip = (await admin.get(`/api/report-card-jobs/${job.id}/file`)).rawPayload;
    const at = zip.indexOf('PK\u0001\u0002', 0, 'latin1');
    const dosDate = zip.readUInt16LE(at + 14);
    const year = 1980 + (dosDate >> 9);
    expect(year).toBe(t.clock.now().getUTCFullYear());

    // 02:30 UTC is 22:30 the evening before in Port of Spain.
    const local = zipEntryTime(new Date('2026-03-02T02:30:00Z'), 'America/Port_of_Spain');
    expect([local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours()]).toEqual([
      2026, 3, 1, 22,
    ]);
  });
});
