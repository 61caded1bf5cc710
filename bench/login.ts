/**
 * POST /api/login-student against the raw Argon2id verify rate, measured in the same run. The server runs in
 * its own process as `npm start` runs it (on-disk PGlite with fsync, or PostgreSQL); the raw rate is this
 * process verifying the same hash at the same concurrency. A sign-in is one Argon2id verification plus the
 * session, limit and audit writes; the ratio shows what the rest costs. A second baseline is a bare Fastify
 * route that only verifies the password, under the same load: what HTTP alone costs on the same cores.
 */
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../server/src/shared/passwords.js';
import { closedLoop, fmt, loadGenerator, type LoadResult } from './lib.js';
import {
  bareFastify,
  BENCH_PASSWORD,
  benchStudentId,
  buildServer,
  createBenchDatabase,
  startServerProcess,
  type Engine,
} from './production.js';

const CONNECTIONS = 10;
const SECONDS = 5;
const STUDENTS = 20;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];

async function rawVerifyRate(hash: string, password: string): Promise<number> {
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      await verify(hash, password);
      done++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return done / ((Date.now() - started) / 1000);
}

/** A row for a sign-in loop, next to the raw verify rate measured right after it, once its server has gone. */
async function againstRaw(
  benchmark: string,
  result: LoadResult,
  hash: string,
): Promise<Record<string, string | number>> {
  const raw = await rawVerifyRate(hash, BENCH_PASSWORD);
  return {
    benchmark,
    'req/s': fmt(result.requestsPerSecond),
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    'non-2xx': result.non2xx,
    'baseline: raw Argon2id verify/s': fmt(raw),
    ratio: fmt(result.requestsPerSecond / raw, 2),
  };
}

export async function benchLogin(): Promise<Record<string, string | number>[]> {
  buildServer();
  const rows: Record<string, string | number>[] = [];
  const hash = await hashPassword(BENCH_PASSWORD);
  for (const engine of ENGINES) {
    const db = await createBenchDatabase(engine, STUDENTS);
    if (!db) continue;
    try {
      const server = await startServerProcess(db);
      const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
      const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
      const login = await closedLoop(
        `${server.url}/api/login-student`,
        // Several students, as a class signing in: the per-account limits count each one apart.
        Array.from({ length: STUDENTS }, (_, n) => ({
          method: 'POST',
          path: '/api/login-student',
          headers: {
            'content-type': 'application/json',
            'x-xsrf-token': token,
            cookie: `XSRF-TOKEN=${token}`,
          },
          body: JSON.stringify({ student_id: benchStudentId(n), password: BENCH_PASSWORD }),
        })),
        CONNECTIONS,
        SECONDS,
      );
      await server.stop();
      rows.push(
        await againstRaw(
          `POST /api/login-student (${engine}, own process, ${CONNECTIONS} conn, ${loadGenerator})`,
          login,
          hash,
        ),
      );
    } finally {
      db.remove();
    }
  }
  const bare = await bareFastify(CONNECTIONS, SECONDS, {
    imports: `import { verify } from '@node-rs/argon2';`,
    handler: `async (request) => ({ ok: await verify(process.env.BENCH_HASH, request.body.password) })`,
    body: JSON.stringify({ student_id: benchStudentId(0), password: BENCH_PASSWORD }),
    env: { BENCH_HASH: hash },
  });
  rows.push(
    await againstRaw(
      `baseline: bare Fastify route that only verifies, own process, ${CONNECTIONS} conn, ${loadGenerator}`,
      bare,
      hash,
    ),
  );
  return rows;
}
