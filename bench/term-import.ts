/**
 * Term Results with a whole school's term: 2,000 students × 12 subjects (24,000 result rows) and 2,000
 * summaries, previewed and imported as CSV and XLSX, next to the same bytes posted to a bare route.
 */
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { RESULT_COLUMNS, SUMMARY_COLUMNS } from '@sp/domain';
import { formClasses, formSubjects, students, subjects, terms } from '../server/src/db/schema.js';
import { refreshStatistics } from '../server/src/db/statistics.js';
import { enrolEveryStudent } from '../server/src/shared/school-years.js';
import { adminHeaders, startBenchApp, type BenchApp } from './bench-app.js';
import { fmt, loopStalls } from './lib.js';

const STUDENTS = 2000;
const SUBJECTS = 12;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function seed(b: BenchApp): Promise<number> {
  const db = b.database.db;
  const classes = Array.from({ length: 50 }, (_, i) => ({
    class_id: `${(i % 5) + 1}T${Math.floor(i / 5)}`,
    form_level: (i % 5) + 1,
  }));
  await db.insert(formClasses).values(classes).onConflictDoNothing();
  for (let i = 0; i < STUDENTS; i += 500) {
    await db.insert(students).values(
      Array.from({ length: Math.min(500, STUDENTS - i) }, (_, k) => ({
        id: `B${String(i + k).padStart(5, '0')}`,
        first_name: `Given${i + k}`,
        last_name: `Surname${i + k}`,
        date_of_birth: '2012-05-01',
        class_id: classes[(i + k) % classes.length]!.class_id,
      })),
    );
  }
  await enrolEveryStudent(db);
  const subjectRows = await db
    .insert(subjects)
    .values(Array.from({ length: SUBJECTS }, (_, s) => ({ code: `SUB${s}`, title: `Subject ${s}` })))
    .returning();
  await db
    .insert(formSubjects)
    .values(
      [1, 2, 3, 4, 5].flatMap((form) => subjectRows.map((s) => ({ subject_id: s.id, form_level: form }))),
    );
  const [term] = await db.insert(terms).values({ year: 2025, term: 1, sessions_possible: 120 }).returning();
  return term!.id;
}

function resultRows(shift: number): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (let i = 0; i < STUDENTS; i++)
    for (let s = 0; s < SUBJECTS; s++) {
      const mark = 40 + ((i * 7 + s * 13 + shift) % 60);
      rows.push([
        `B${String(i).padStart(5, '0')}`,
        `SUB${s}`,
        mark,
        (mark + 11) % 100,
        i % 4,
        s % 3,
        'A',
        'B',
        'Steady work this term.',
      ]);
    }
  return rows;
}
const summaryRows = (): (string | number)[][] =>
  Array.from({ length: STUDENTS }, (_, i) => [
    `B${String(i).padStart(5, '0')}`,
    110 + (i % 10),
    120,
    'A',
    'B',
    'A',
    'B',
    'A',
    'A good term.',
    'Keep it up.',
  ]);

async function file(kind: 'csv' | 'xlsx', shift: number): Promise<Blob> {
  const header = RESULT_COLUMNS.map((c) => c.label);
  if (kind === 'csv') return new Blob([[header, ...resultRows(shift)].map((r) => r.join(',')).join('\r\n')]);
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Results').addRows([header, ...resultRows(shift)]);
  workbook.addWorksheet('Summaries').addRows([SUMMARY_COLUMNS.map((c) => c.label), ...summaryRows()]);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

async function timed(url: string, body: Blob, name: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', body, name);
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', body: form, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} failed: ${res.status} ${text.slice(0, 200)}`);
  return performance.now() - t0;
}

export async function benchTermImport(): Promise<Record<string, string | number>[]> {
  const b = await startBenchApp();
  const termId = await seed(b);
  // As the hourly housekeeping, or the import that brought the students, does.
  await refreshStatistics(b.database.db);
  const headers = await adminHeaders(b);
  const bare = Fastify();
  await bare.register(import('@fastify/multipart'), { limits: { fileSize: 10 * 1024 * 1024 } });
  bare.post('/bare', async (request) => ({ size: (await (await request.file())!.toBuffer()).length }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const api = (step: string) => `${b.url}/api/terms/${termId}/results${step}`;
  const stalls = loopStalls();
  const result: Record<string, string | number>[] = [];
  const row = (benchmark: string, ms: number, baseline: number, bytes: number, target: number) => ({
    benchmark,
    ms: fmt(ms, 0),
    target: `≤ ${target}`,
    'file MB': fmt(bytes / 1048576, 2),
    'baseline: same file to a bare multipart route ms': fmt(baseline, 1),
    ratio: fmt(ms / baseline, 0),
    'longest stall ms': fmt(stalls(), 0),
  });
  const rows = `${STUDENTS} students × ${SUBJECTS} subjects`;
  const once = (step: string, body: Blob, name: string) => timed(api(step), body, name, headers);

  const csv = await file('csv', 0);
  const baseline: number[] = [];
  const preview: number[] = [];
  for (let run = 0; run < 3; run++) {
    baseline.push(await timed(`${bareUrl}/bare`, csv, 'term.csv'));
    stalls();
    preview.push(await once('/preview', csv, 'term.csv'));
  }
  const base = median(baseline);
  result.push(row(`preview ${rows}, CSV, all new (median of 3)`, median(preview), base, csv.size, 1000));
  result.push(row(`import ${rows}, CSV, all new`, await once('', csv, 'term.csv'), base, csv.size, 1000));
  result.push(
    row(`import ${rows}, CSV, all unchanged`, await once('', csv, 'term.csv'), base, csv.size, 1000),
  );
  const changed = await file('csv', 5);
  stalls();
  result.push(
    row(
      `preview ${rows}, CSV, all changed`,
      await once('/preview', changed, 'term.csv'),
      base,
      changed.size,
      1000,
    ),
  );
  result.push(
    row(
      `import ${rows}, CSV, all changed (audited)`,
      await once('', changed, 'term.csv'),
      base,
      changed.size,
      1000,
    ),
  );

  const xlsx = await file('xlsx', 9);
  const xBase = await timed(`${bareUrl}/bare`, xlsx, 'term.xlsx');
  stalls();
  result.push(
    row(
      `preview ${rows} + summaries, XLSX, all changed`,
      await once('/preview', xlsx, 'term.xlsx'),
      xBase,
      xlsx.size,
      2000,
    ),
  );
  result.push(
    row(
      `import ${rows} + summaries, XLSX, all changed`,
      await once('', xlsx, 'term.xlsx'),
      xBase,
      xlsx.size,
      3000,
    ),
  );
  await bare.close();
  await b.close();
  return result;
}
