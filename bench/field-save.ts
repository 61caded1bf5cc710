/**
 * Field saves (POST /api/student) the way registration night sends them: the built server in its own process
 * (`npm start`'s way: info logging, fsync on), 200 signed-in sessions over 50 students, each saving its own
 * student's fields. Closed loop at 24 and 200 connections, and the open loop (every session saving once a
 * second for 60 s). Baselines from the same run: the database's own rate for the same statements and a bare
 * Fastify route under the same load generator.
 * BENCH_ENGINES=pglite,postgres picks the engines; BENCH_SECONDS and BENCH_OPEN_SECONDS shorten the runs.
 */
import { pgbenchCeiling, pgliteCeiling, type Ceiling } from './ceiling.js';
import { fmt, loadGenerator, type LoadResult } from './lib.js';
import {
  bareFastify,
  buildServer,
  closedLoopSaves,
  createBenchDatabase,
  openLoopSaves,
  signInSessions,
  startServerProcess,
  type Engine,
} from './production.js';

const STUDENTS = 50;
const SESSIONS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 60);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];

type Row = Record<string, string | number>;

function row(name: string, r: LoadResult, ceiling: Ceiling | null, bare: LoadResult | null): Row {
  return {
    benchmark: name,
    'req/s': fmt(r.requestsPerSecond),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'non-2xx': r.non2xx,
    errors: r.errors,
    ...(ceiling ? { 'of db ceiling': fmt(r.requestsPerSecond / ceiling.perSecond, 2) } : {}),
    ...(bare ? { 'of bare route': fmt(r.requestsPerSecond / bare.requestsPerSecond, 3) } : {}),
  };
}

async function benchEngine(engine: Engine, bare: Record<number, LoadResult>): Promise<Row[]> {
  const db = await createBenchDatabase(engine, STUDENTS);
  if (!db) return [{ benchmark: `${engine}: no PostgreSQL binaries on this machine, skipped` }];
  const rows: Row[] = [];
  try {
    const results: [string, LoadResult][] = [];
    const workerCounts = engine === 'postgres' ? [1, 2] : [1];
    for (const workers of workerCounts) {
      const server = await startServerProcess(db, { WORKERS: String(workers) });
      try {
        const sessions = await signInSessions(server.url, STUDENTS, SESSIONS);
        const label = `${engine}, ${workers} process${workers > 1 ? 'es' : ''}`;
        results.push([
          `${label}, closed loop 24 conn, ${loadGenerator}`,
          await closedLoopSaves(server.url, sessions, 24, SECONDS),
        ]);
        results.push([
          `${label}, closed loop 200 conn, ${loadGenerator}`,
          await closedLoopSaves(server.url, sessions, 200, SECONDS),
        ]);
        if (workers === 1) {
          const open = await openLoopSaves(server.url, sessions, OPEN_SECONDS);
          results.push([`${label}, open loop 200 sessions × 1 save/s, ${OPEN_SECONDS} s`, open]);
        }
      } finally {
        await server.stop();
      }
    }
    const ceiling =
      engine === 'pglite'
        ? await pgliteCeiling(db, STUDENTS, SECONDS)
        : pgbenchCeiling(db, STUDENTS, 24, SECONDS);
    for (const [name, r] of results) {
      const closed = name.includes('closed loop');
      const conn = name.includes('200 conn') ? 200 : 24;
      rows.push(row(name, r, closed ? ceiling : null, closed ? bare[conn]! : null));
    }
    rows.push({ benchmark: `baseline: ${engine} ceiling (${ceiling.how})`, 'req/s': fmt(ceiling.perSecond) });
  } finally {
    db.remove();
  }
  return rows;
}

export async function benchFieldSave(): Promise<Row[]> {
  buildServer();
  const bare = { 24: await bareFastify(24, SECONDS), 200: await bareFastify(200, SECONDS) };
  const rows: Row[] = [];
  for (const engine of ENGINES) rows.push(...(await benchEngine(engine, bare)));
  rows.push(
    row(`baseline: bare Fastify JSON route, own process, 24 conn, ${loadGenerator}`, bare[24], null, null),
  );
  rows.push(
    row(`baseline: bare Fastify JSON route, own process, 200 conn, ${loadGenerator}`, bare[200], null, null),
  );
  return rows;
}
