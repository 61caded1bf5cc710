/**
 * The registration data export (GET /api/registration-data-spreadsheet) of 2,000 and 20,000 fully filled
 * students, downloaded over HTTP: time, bytes and peak RSS, next to reading the same rows with one
 * `SELECT *` in the same run (the baseline).
 */
import { students } from '../server/src/db/schema.js';
import { refreshStatistics } from '../server/src/db/statistics.js';
import { fullRecord } from '../server/src/demo/full-record.js';
import { enrolEveryStudent } from '../server/src/shared/school-years.js';
import { createStaff } from '../server/src/test/factories.js';
import { startBenchApp, csrfToken, type BenchApp } from './bench-app.js';
import { fmt } from './lib.js';

const MiB = 1048576;

async function seed(b: BenchApp, from: number, to: number): Promise<void> {
  const record = fullRecord('2026-01-31');
  for (let start = from; start < to; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + 500); i++) {
      rows.push({ ...record, id: `B${String(i).padStart(6, '0')}`, class_id: '1A', house_code: 'RED' });
    }
    await b.database.db.insert(students).values(rows as (typeof students.$inferInsert)[]);
  }
  await enrolEveryStudent(b.database.db);
}

async function adminCookie(b: BenchApp): Promise<string> {
  const admin = await createStaff(b.database.db);
  const token = await csrfToken(b.url);
  const res = await fetch(`${b.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ name: admin.username, password: admin.password }),
  });
  const session = /sp_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  return `XSRF-TOKEN=${token}; sp_session=${session}`;
}

/** Time and peak RSS of one piece of work, sampled every 10 ms. */
async function measured<T>(work: () => Promise<T>): Promise<{ ms: number; peak: number; result: T }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { ms, peak: Math.max(peak, process.memoryUsage().rss), result };
}

/** Reads the download as it arrives, counting bytes, so the client holds no more than a chunk. */
async function download(b: BenchApp, cookie: string): Promise<number> {
  const res = await fetch(`${b.url}/api/registration-data-spreadsheet`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

export async function benchExport(): Promise<Record<string, string | number>[]> {
  const b = await startBenchApp();
  const cookie = await adminCookie(b);
  const rows: Record<string, string | number>[] = [];
  let seeded = 1; // the bench app's own student
  for (const n of [2000, 20000]) {
    await seed(b, seeded, n);
    // As the hourly housekeeping, or the import that brought the students, does.
    await refreshStatistics(b.database.db);
    seeded = n;
    await download(b, cookie); // warm-up
    const before = process.memoryUsage().rss;
    // The export first: PGlite's heap grows to hold a whole SELECT * and does not shrink again.
    const exported = await measured(() => download(b, cookie));
    const select = await measured(() => b.database.db.select().from(students));
    rows.push({
      benchmark: `export of ${n} full students`,
      ms: fmt(exported.ms, 0),
      MiB: fmt(exported.result / MiB, 1),
      'RSS before MiB': fmt(before / MiB, 0),
      'peak RSS MiB': fmt(exported.peak / MiB, 0),
      'baseline: SELECT * ms': fmt(select.ms, 0),
      'baseline peak RSS MiB': fmt(select.peak / MiB, 0),
      ratio: fmt(exported.ms / select.ms, 1),
    });
  }
  await b.close();
  return rows;
}
