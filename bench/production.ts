/**
 * Benchmarks that look like production: the built server started as its own process the way `npm start`
 * runs it (info logging, an on-disk PGlite data folder with fsync on, or a PostgreSQL server this run starts),
 * a school of students with passwords and open registration, and browsers' sessions signed in over HTTP.
 * The load generator (wrk where Debian's package is installed, else autocannon; or the open-loop clock below)
 * runs apart from the server's process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import { ensureClass, createStudent, openRegistration } from '../server/src/test/factories.js';
import { startTemporaryPostgres } from './postgres.js';
import { closedLoop, fillBody, type LoadRequest, type LoadResult } from './lib.js';
import { allowStaffWithoutFactor } from './server-process.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_PASSWORD = 'Bench-pass-2026';

/** Student IDs of the bench school: S1001, S1002, … (pgbench builds the same from a number). */
export const benchStudentId = (n: number): string => `S${1001 + n}`;

/** A port for a process this run starts: BENCH_PORT (and the next ones) when set, else a free one. */
let nextPort = Number(process.env.BENCH_PORT ?? 0);
export async function benchPort(): Promise<number> {
  if (nextPort) return nextPort++;
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** Compiles the server as `npm run build` does (incremental: quick when nothing changed); BENCH_NO_BUILD=1 skips. */
export function buildServer(): void {
  if (process.env.BENCH_NO_BUILD === '1') return;
  execFileSync(
    process.execPath,
    [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'server/tsconfig.build.json'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
}

export type Engine = 'pglite' | 'postgres';

/** Where the bench school lives: an on-disk PGlite folder or a PostgreSQL server, and how to remove it. */
export interface BenchDatabase {
  engine: Engine;
  /** DATA_DIR for the server (uploads and secrets; the PGlite database too). */
  dataDir: string;
  url?: string;
  pgBin?: string;
  remove(): void;
}

export async function createBenchDatabase(
  engine: Engine,
  studentCount: number,
): Promise<BenchDatabase | null> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-bench-data-'));
  let url: string | undefined;
  let pgBin: string | undefined;
  let stop = () => undefined as void;
  if (engine === 'postgres') {
    const pg = await startTemporaryPostgres();
    if (!pg) return null;
    url = pg.url;
    pgBin = pg.bin ?? '/usr/lib/postgresql/15/bin';
    stop = () => pg.stop();
  }
  const database = await openDatabase(url ? { url } : { dataDir });
  await database.migrate();
  await seedReferenceData(database.db);
  await openRegistration(database.db, 1);
  await ensureClass(database.db, '1A', 1);
  for (let n = 0; n < studentCount; n++)
    await createStudent(database.db, { id: benchStudentId(n), password: BENCH_PASSWORD });
  await database.close();
  return {
    engine,
    dataDir,
    ...(url ? { url, pgBin: pgBin! } : {}),
    remove() {
      stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `node server/dist/main.js` with the given database, as `npm start` runs it, answering on loopback. */
export async function startServerProcess(
  db: BenchDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  await allowStaffWithoutFactor({ DATA_DIR: db.dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) });
  const port = await benchPort();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      process.env.BENCH_SERVER ?? 'server/dist/main.js',
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: db.dataDir,
        ADMIN_PASSWORD: 'Bench-admin-2026',
        ...(db.url ? { DATABASE_URL: db.url } : { DATABASE_URL: '' }),
        ...env,
      },
      // The server logs every request as it would in production; the bench only discards the lines.
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (/Student Portal is running at/.test(seen)) {
        // From here on the lines are only discarded: kept and searched, they would grow without end and
        // cost this process CPU per line, taken from the same two cores the server and database share.
        child.stdout.off('data', onData);
        seen = '';
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the server stopped (${code}) before listening:\n${seen}`)),
    );
  });
  child.stdout.resume();
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface BenchSession {
  studentId: string;
  token: string;
  cookie: string;
  sid: string;
  /** Which of its student's sessions this is (0 for the first). */
  slot: number;
}

/** Signs in `count` sessions, spread over the students round-robin, as browsers would. */
export async function signInSessions(
  url: string,
  studentCount: number,
  count: number,
): Promise<BenchSession[]> {
  const out: BenchSession[] = [];
  const one = async (i: number) => {
    const studentId = benchStudentId(i % studentCount);
    const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
    const res = await fetch(`${url}/api/login-student`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
      body: JSON.stringify({ student_id: studentId, password: BENCH_PASSWORD }),
    });
    if (res.status !== 200)
      throw new Error(`sign-in of ${studentId} answered ${res.status}: ${await res.text()}`);
    const cookies = res.headers.get('set-cookie') ?? '';
    const session = /sp_session=([^;]+)/.exec(cookies)![1]!;
    const signedIn = /XSRF-TOKEN=([^;]+)/.exec(cookies)![1]!;
    out[i] = {
      studentId,
      token: signedIn,
      cookie: `XSRF-TOKEN=${signedIn}; sp_session=${session}`,
      sid: decodeURIComponent(session).split('.')[0]!,
      slot: Math.floor(i / studentCount),
    };
  };
  // A few at a time: each is an Argon2 verification.
  for (let i = 0; i < count; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => one(i + k)));
  return out;
}

/** The fields a student's sessions (four at most) take turns on, so no two of them write the same one. */
const SAVE_FIELDS = ['home_address', 'email', 'phone_home', 'home_phone_guardian'] as const;

/**
 * A save body that always changes the field, so every request writes the row and an audit entry: `{n}` and
 * `{phone}` become a new number on each request (see `fillBody`).
 */
export function saveBodyTemplate(session: BenchSession): string {
  const field = SAVE_FIELDS[session.slot % SAVE_FIELDS.length]!;
  const value =
    field === 'home_address'
      ? '{n} Frederick Street'
      : field === 'email'
        ? 'parent{n}@example.com'
        : '{phone}';
  return JSON.stringify({ id: session.studentId, [field]: value });
}

let saveCounter = 0;
export const saveBody = (session: BenchSession): string => fillBody(saveBodyTemplate(session), ++saveCounter);

/**
 * Closed loop: `connections` connections saving back to back, each request from the next signed-in session in
 * turn, for its own student's field, after two unmeasured seconds.
 */
export async function closedLoopSaves(
  url: string,
  sessions: BenchSession[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const requests = sessions.map((session): LoadRequest => ({
    method: 'POST',
    path: '/api/student',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': session.token, cookie: session.cookie },
    body: saveBodyTemplate(session),
  }));
  // Two seconds unmeasured first, as a server that has been running would be: compiled code, each
  // connection's prepared statements, warm caches.
  await closedLoop(`${url}/api/student`, requests, connections, 2);
  return closedLoop(`${url}/api/student`, requests, connections, seconds);
}

/**
 * Open loop: every session saves once a second, on its own clock, whatever the server's pace, for `seconds`
 * (a request is sent when due even if the session's previous one is still waiting). A request's time counts
 * from when it was due, so a server that falls behind shows it in p99; one unanswered after 30 s is an error.
 */
export async function openLoopSaves(
  url: string,
  sessions: BenchSession[],
  seconds: number,
): Promise<LoadResult & { sent: number }> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  // Plenty of sockets, like 200 browsers; the agent's own timeout ends a request unanswered after 30 s.
  const agent = new Agent({ keepAlive: true, maxSockets: sessions.length * 2 });
  const target = new URL(`${url}/api/student`);
  const save = (session: BenchSession, index: number, due: number) => {
    sent++;
    const body = saveBody(session);
    const req = httpRequest(
      target,
      {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-xsrf-token': session.token,
          cookie: session.cookie,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) non2xx++;
          latencies.push(performance.now() - due);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      errors++;
    });
    req.end(body);
  };
  const start = performance.now() + 200;
  const until = start + seconds * 1000;
  await Promise.all(
    sessions.map(async (session, index) => {
      // Spread the sessions evenly over the second.
      for (let due = start + (index / sessions.length) * 1000; due < until; due += 1000) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        save(session, index, due);
      }
    }),
  );
  // Wait for the answers, 30 s at most: what is still unanswered then counts as an error.
  const deadline = performance.now() + 30_000;
  while (latencies.length + errors < sent && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  errors += sent - latencies.length - errors;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: Math.round(at(0.5) * 10) / 10,
    p99: Math.round(at(0.99) * 10) / 10,
    non2xx,
    errors,
    sent,
  };
}

/** A route for `bareFastify`: its handler's source, the body posted to it, and what the handler needs. */
export interface BareRoute {
  imports?: string;
  handler: string;
  body: string;
  env?: Record<string, string>;
}

/** Parses a field save's JSON body and answers, as a save would, with nothing behind it. */
const echoRoute: BareRoute = {
  handler: `async (request) => ({ message: 'Saved.', echo: request.body.id })`,
  body: JSON.stringify({ id: benchStudentId(0), home_address: '{n} Frederick Street' }),
};

/** A bare Fastify route (by default one that parses a save's JSON body), in its own process, under the same load generator. */
export async function bareFastify(
  connections: number,
  seconds: number,
  route: BareRoute = echoRoute,
): Promise<LoadResult> {
  const port = await benchPort();
  const script = `${route.imports ?? ''}
import Fastify from 'fastify';
const app = Fastify();
app.post('/bare', ${route.handler});
await app.listen({ port: ${port}, host: '127.0.0.1' });
console.log('listening');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, ...route.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare route stopped (${code}) before listening`)));
  });
  child.stdout.resume();
  const result = await closedLoop(
    `http://127.0.0.1:${port}/bare`,
    [{ method: 'POST', path: '/bare', headers: { 'content-type': 'application/json' }, body: route.body }],
    connections,
    seconds,
  );
  // Gone before the next measurement starts, so it takes nothing from it.
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return result;
}
