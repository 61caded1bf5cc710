/**
 * POST /api/login-student against the raw Argon2 verify rate, measured in the same run.
 * A sign-in is one Argon2id verification plus session and audit writes; the ratio shows what the rest costs.
 */
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../server/src/shared/passwords.js';
import { csrfToken, startBenchApp } from './bench-app.js';
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
  const b = await startBenchApp();
  const token = await csrfToken(b.url);
  const login = await load({
    url: `${b.url}/api/login-student`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ student_id: b.student.id, password: b.student.password }),
  });
  await b.close();

  const raw = await rawVerifyRate(await hashPassword(b.student.password), b.student.password);
  return {
    benchmark: 'POST /api/login-student (PGlite, 10 conn)',
    'req/s': fmt(login.requestsPerSecond),
    'p50 ms': login.p50,
    'p99 ms': login.p99,
    non2xx: login.non2xx,
    'baseline: raw Argon2id verify/s': fmt(raw),
    ratio: fmt(login.requestsPerSecond / raw, 2),
  };
}
