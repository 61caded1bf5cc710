/**
 * POST /api/login-student against the raw Argon2 verify rate, measured in the same run.
 * A sign-in is one Argon2id verification plus session and audit writes; the ratio shows what the rest costs.
 */
import { verify } from '@node-rs/argon2';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import { hashPassword } from '../server/src/features/auth/passwords.js';
import { createStudent } from '../server/src/test/factories.js';
import { fmt, load } from './lib.js';

const CONNECTIONS = 10;
const SECONDS = 5;

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

export async function benchLogin(): Promise<Record<string, string | number>> {
  const database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  const student = await createStudent(database.db, { password: 'Bench-pass-2026' });
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    db: database.db,
    sessionSecret: 'bench-secret-bench-secret-bench-secret-01',
    webRoot: '/nonexistent',
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;

  const login = await load({
    url: `${url}/api/login-student`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ student_id: student.id, password: 'Bench-pass-2026' }),
  });
  await app.close();
  await database.close();

  const hash = await hashPassword('Bench-pass-2026');
  const raw = await rawVerifyRate(hash, 'Bench-pass-2026');
  return {
    benchmark: 'POST /api/login-student (PGlite)',
    'req/s': fmt(login.requestsPerSecond),
    'p50 ms': login.p50,
    'p99 ms': login.p99,
    non2xx: login.non2xx,
    'baseline: raw Argon2id verify/s': fmt(raw),
    ratio: fmt(login.requestsPerSecond / raw, 2),
  };
}
