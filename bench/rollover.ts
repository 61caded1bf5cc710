/**
 * The yearly rollover (D49) of a school whose students have progress, office checks and files on record:
 * 1,500 students on the embedded database and 100,000 on PostgreSQL. The built server runs as its own
 * process; the bench previews (GET /api/admin/rollover/preview) and confirms (POST /api/admin/rollover) over
 * HTTP as the office does. The baseline, in the same run and on the same database: the bare
 * `INSERT INTO enrolments … SELECT … FROM students` of the rows the rollover inserts (the continuing
 * students), rolled back, on the bench's own connection while the server is stopped (PGlite allows one
 * process). BENCH_ROLLOVER_SIZES=1500 runs the embedded database alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { defaultYearDates } from '@sp/domain';
import { openDatabase } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import { currentYear } from '../server/src/shared/school-years.js';
import { fmt } from './lib.js';
import { startTemporaryPostgres } from './postgres.js';
import { buildServer, startServerProcess, type BenchDatabase } from './production.js';
import { seedSchool } from './seed-school.js';

type Row = Record<string, string | number>;
const SIZES = (process.env.BENCH_ROLLOVER_SIZES ?? '1500,100000').split(',').map(Number);
const log = (line: string) => console.log(`  rollover: ${line}`);

/** Seeds `count` students in batches, saying how far it got. */
async function seed(target: { url?: string; dataDir: string }, count: number): Promise<number> {
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  await database.migrate();
  await seedReferenceData(database.db);
  log(`seeding ${count.toLocaleString('en-US')} students with progress, checks and files…`);
  const seeded = await timed(() => seedSchool(database.db, count));
  log(`seeded in ${fmt(seeded.ms / 1000)} s`);
  if (target.url) await database.db.execute(sql`VACUUM ANALYZE`);
  const { year } = await currentYear(database.db);
  await database.close();
  return year;
}

class RolledBack extends Error {}

/** The baseline: one INSERT … SELECT of the continuing students' next enrolments, timed and rolled back. */
async function bareInsert(target: { url?: string; dataDir: string }, year: number) {
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  let ms = 0;
  let rows = 0;
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO school_years (year, starts_on, ends_on, state)
        VALUES (${year + 1}, ${defaultYearDates(year + 1).starts_on}, ${defaultYearDates(year + 1).ends_on}, 'closed')`);
      const t0 = performance.now();
      const result = await tx.execute(sql`
        INSERT INTO enrolments (student_id, year, status, "returning")
        SELECT s.id, ${year + 1}, 'enrolled', true
        FROM students s JOIN form_classes c ON c.class_id = s.class_id
        WHERE c.form_level < 5`);
      ms = performance.now() - t0;
      rows = (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? 0;
      rows ||= (result as { rowCount?: number }).rowCount ?? 0;
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  await database.close();
  return { ms, rows };
}

/** An admin's session with the token the sign-in answered (POSTs need it). */
async function adminSession(url: string) {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const res = await fetch(`${url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ name: 'admin', password: 'Bench-admin-2026' }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}`);
  const cookies = res.headers.get('set-cookie') ?? '';
  const signedIn = /XSRF-TOKEN=([^;]+)/.exec(cookies)![1]!;
  const session = /sp_session=([^;]+)/.exec(cookies)![1]!;
  return { token: signedIn, cookie: `XSRF-TOKEN=${signedIn}; sp_session=${session}` };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = performance.now();
  const result = await work();
  return { ms: performance.now() - t0, result };
}

/** Preview then confirm over HTTP, as the New School Year page sends them. */
async function previewAndConfirm(db: BenchDatabase, year: number) {
  const server = await startServerProcess(db);
  try {
    const { token, cookie } = await adminSession(server.url);
    const preview = await timed(async () => {
      const res = await fetch(`${server.url}/api/admin/rollover/preview`, { headers: { cookie } });
      if (!res.ok) throw new Error(`preview answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { plan_hash: string; conflicts: unknown[]; students: unknown[] };
    });
    if (preview.result.conflicts.length) throw new Error('the bench school has conflicts');
    const confirm = await timed(async () => {
      const res = await fetch(`${server.url}/api/admin/rollover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie },
        body: JSON.stringify({
          from_year: year,
          to_year: year + 1,
          ...defaultYearDates(year + 1),
          plan_hash: preview.result.plan_hash,
        }),
      });
      if (!res.ok) throw new Error(`confirm answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { continuing: number; already: boolean };
    });
    if (confirm.result.already) throw new Error('the confirm found the year rolled over already');
    return { preview: preview.ms, confirm: confirm.ms, continuing: confirm.result.continuing };
  } finally {
    await server.stop();
  }
}

/** One rollover of a fresh school of `count` students: its preview, confirm and baseline. */
async function runOnce(count: number, engine: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-bench-rollover-'));
  const pg = engine === 'postgres' ? await startTemporaryPostgres() : null;
  if (engine === 'postgres' && !pg) return null;
  const db: BenchDatabase = {
    engine,
    dataDir,
    ...(pg ? { url: pg.url } : {}),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
  try {
    const year = await seed(db, count);
    const bare = await bareInsert(db, year);
    log(`${count} students: baseline done, previewing and confirming`);
    return { ...(await previewAndConfirm(db, year)), bare };
  } finally {
    db.remove();
    pg?.stop();
  }
}

/** The embedded database's runs are short and noisy on a shared machine: the median of three. */
async function benchSize(count: number): Promise<Row> {
  const engine = count > 10_000 ? 'postgres' : 'pglite';
  const label = `rollover of ${count.toLocaleString('en-US')} students (${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'})`;
  const runs = [];
  for (let i = 0; i < (engine === 'pglite' ? 3 : 1); i++) {
    const run = await runOnce(count, engine);
    if (!run) return { benchmark: label, note: 'no PostgreSQL binaries on this machine' };
    runs.push({ ...run, total: run.preview + run.confirm });
  }
  const sorted = [...runs].sort((a, b) => a.total - b.total);
  const run = sorted[Math.floor(sorted.length / 2)]!;
  return {
    benchmark: `${label}${runs.length > 1 ? `, median of ${runs.length}` : ''}`,
    'preview ms': fmt(run.preview, 0),
    'confirm ms': fmt(run.confirm, 0),
    'preview + confirm ms': fmt(run.total, 0),
    ...(runs.length > 1 ? { 'all runs ms': runs.map((r) => fmt(r.total, 0)).join(' / ') } : {}),
    'next enrolments': run.continuing,
    'baseline: bare INSERT … SELECT ms': fmt(run.bare.ms, 1),
    'baseline rows': run.bare.rows,
    ratio: fmt(run.total / run.bare.ms, 0),
    target: engine === 'postgres' ? '≤ 60,000 ms' : '≤ 2,000 ms',
  };
}

export async function benchRollover(): Promise<Row[]> {
  buildServer();
  const rows: Row[] = [];
  for (const count of SIZES) rows.push(await benchSize(count));
  return rows;
}
