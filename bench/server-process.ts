/** The built server started as its own process, the way `npm start` runs it, for the benchmarks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../server/src/db/client.js';
import { writeSetting } from '../server/src/shared/settings.js';
import { csrfToken } from './bench-app.js';

export const ADMIN_PASSWORD = 'bench-admin-pass-2026';

export async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** The signed-in staff session's cookie (the `admin` account the first start creates). */
  adminCookie: string;
  stop(): Promise<void>;
}

/** Starts `node server/dist/main.js` with `env` (DATA_DIR or DATABASE_URL), waits for it and signs in staff. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  await allowStaffWithoutFactor(env);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ADMIN_PASSWORD, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server stopped at start');
      if (Date.now() > deadline) throw new Error('the server did not start in time');
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(200);
    }
    const token = await csrfToken(url);
    const res = await fetch(`${url}/api/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
      body: JSON.stringify({ name: 'admin', password: ADMIN_PASSWORD }),
    });
    const session = /sp_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!session) throw new Error(`staff sign-in failed: ${res.status}`);
    return { url, adminCookie: `XSRF-TOKEN=${token}; sp_session=${session}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * The benches sign staff in with a password alone: the school's second-factor policy (D51) is set to
 * `optional` in the database the server is about to open (migrated first, so a new data folder works too).
 */
export async function allowStaffWithoutFactor(env: Record<string, string>): Promise<void> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR ?? './data' });
  try {
    await database.migrate();
    await writeSetting(database.db, 'second_factor_policy', 'optional', new Date());
  } finally {
    await database.close();
  }
}

/** Milliseconds of each of `n` GETs in a row (after one unmeasured warm-up). */
export async function timeGets(
  server: ServerProcess,
  path: string,
  n: number,
): Promise<{ times: number[]; bytes: number }> {
  const get = async () => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie: server.adminCookie } });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${body.toString().slice(0, 200)}`);
    return body;
  };
  let bytes = (await get()).length;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    bytes = (await get()).length;
    times.push(performance.now() - t0);
  }
  return { times, bytes };
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const percentile = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
