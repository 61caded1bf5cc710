/** Import Students with a 2,000-row file: preview and confirm, CSV and XLSX, next to the same bytes posted to a bare route. */
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { IMPORT_COLUMNS } from '@sp/domain';
import { ensureClass } from '../server/src/test/factories.js';
import { adminHeaders, startBenchApp } from './bench-app.js';
import { fmt } from './lib.js';

const ROWS = 2000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function rows(prefix: string, classId = '1A'): string[][] {
  return Array.from({ length: ROWS }, (_, i) => {
    const n = String(i).padStart(4, '0');
    return [
      `${prefix}${n}`,
      `Surname${n}`,
      `Given${n}`,
      `2014${n}`,
      classId,
      `1${i % 10}/0${(i % 9) + 1}/2013`,
      'RED',
      '',
    ];
  });
}

async function file(kind: 'csv' | 'xlsx', prefix: string, classId?: string): Promise<Blob> {
  const header = IMPORT_COLUMNS.map((c) => c.label);
  if (kind === 'csv')
    return new Blob([[header, ...rows(prefix, classId)].map((r) => r.join(',')).join('\r\n')]);
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Students').addRows([header, ...rows(prefix, classId)]);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

async function timed(url: string, body: Blob, name: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', body, name);
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', body: form, headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} failed: ${res.status}`);
  return performance.now() - t0;
}

export async function benchImport(): Promise<Record<string, string | number>[]> {
  const b = await startBenchApp();
  await ensureClass(b.database.db, '1A', 1);
  await ensureClass(b.database.db, '1B', 1);
  const headers = await adminHeaders(b);
  const bare = Fastify();
  await bare.register(import('@fastify/multipart'));
  bare.post('/bare', async (request) => ({ size: (await (await request.file())!.toBuffer()).length }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const result: Record<string, string | number>[] = [];
  for (const kind of ['csv', 'xlsx'] as const) {
    const preview: number[] = [];
    const confirm: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < 3; run++) {
      const body = await file(kind, `${kind.toUpperCase()}${run}-`);
      baseline.push(await timed(`${bareUrl}/bare`, body, `students.${kind}`));
      preview.push(await timed(`${b.url}/api/students/import/preview`, body, `students.${kind}`, headers));
      confirm.push(await timed(`${b.url}/api/students/import`, body, `students.${kind}`, headers));
    }
    for (const [step, times] of [
      ['preview', preview],
      ['import', confirm],
    ] as const) {
      result.push({
        benchmark: `${step} ${ROWS} new students, ${kind.toUpperCase()} (median of 3)`,
        ms: fmt(median(times), 0),
        'baseline: same file to a bare multipart route ms': fmt(median(baseline), 1),
        ratio: fmt(median(times) / median(baseline), 0),
      });
    }
  }
  // The first CSV's students again, each moved to another class: 2,000 changed rows.
  const moved = await file('csv', 'CSV0-', '1B');
  const movedTime = await timed(`${b.url}/api/students/import`, moved, 'moved.csv', headers);
  const movedBaseline = await timed(`${bareUrl}/bare`, moved, 'moved.csv');
  result.push({
    benchmark: `import ${ROWS} changed students, CSV (once)`,
    ms: fmt(movedTime, 0),
    'baseline: same file to a bare multipart route ms': fmt(movedBaseline, 1),
    ratio: fmt(movedTime / movedBaseline, 0),
  });
  await bare.close();
  await b.close();
  return result;
}
