import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, workerCount } from './config.js';
import type { Database } from './db/client.js';
import { students } from './db/schema.js';
import { createStudent, openRegistration, setIdLookup } from './test/factories.js';
import { openTestDatabase } from './test/test-database.js';

describe('WORKERS (D27)', () => {
  it('defaults to every core on PostgreSQL and one process on the embedded database', () => {
    expect(workerCount(loadConfig({}), 8)).toBe(1);
    expect(workerCount(loadConfig({ DATABASE_URL: 'postgres://db/portal' }), 8)).toBe(8);
    expect(workerCount(loadConfig({ DATABASE_URL: 'postgres://db/portal', WORKERS: '3' }), 8)).toBe(3);
  });

  it('refuses several processes on the embedded database, which opens its folder in one process', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: more than 1 needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
    expect(loadConfig({ WORKERS: '1' }).WORKERS).toBe(1);
  });
});

interface Answer {
  status: number;
  cookies: string[];
  body: string;
}

/** One request on a connection of its own, so the cluster hands each to the next process in turn. */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, cookies: setCookie, body: text });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const cookieValue = (answer: Answer, name: string) =>
  answer.cookies.map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1]).find((v) => v !== undefined);

// Several processes need PostgreSQL; the server suite runs on it with TEST_DATABASE_URL. The portal runs
// from source (tsx), with the shared package as built.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one port (WORKERS=2)', () => {
  let database: Database & { url?: string };
  let child: ChildProcess;
  let url = '';
  let output = '';
  let dataDir = '';
  let studentId = '';

  /** The processes (pids) that logged a request for this path since `from` in the output. */
  const servedBy = (from: number, path: string) =>
    new Set(
      output
        .slice(from)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { pid: number; req?: { url: string } })
        .filter((entry) => entry.req?.url === path)
        .map((entry) => entry.pid),
    );

  /** The processes that served `path` since `from`, once their log lines (written after answering) are in. */
  const servedByAll = async (from: number, path: string, count: number) => {
    for (let waited = 0; waited < 5000 && countLogged(from, path) < count; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    return servedBy(from, path);
  };
  const countLogged = (from: number, path: string) =>
    output
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(`"url":"${path}"`)).length;

  beforeAll(async () => {
    database = await openTestDatabase();
    await openRegistration(database.db, 1);
    studentId = (await createStudent(database.db, { password: 'Correct-horse-42' })).id;
    dataDir = mkdtempSync(join(tmpdir(), 'sp-workers-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        ...process.env,
        DATABASE_URL: database.url!,
        WORKERS: '2',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'Workers-admin-2026',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /running at http:\/\/localhost:(\d+) \(database: postgres, 2 processes\)/.exec(output);
        if (found) resolve(`http://127.0.0.1:${found[1]}`);
      });
      child.once('exit', (code) => reject(new Error(`the portal stopped (${code}):\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session signed in on one process saves on both, and after sign-out is refused on both', async () => {
    const csrf = await send(url, 'GET', '/sanctum/csrf-cookie', {});
    const anonymous = cookieValue(csrf, 'XSRF-TOKEN')!;
    const login = await send(
      url,
      'POST',
      '/api/login-student',
      { 'x-xsrf-token': anonymous, cookie: `XSRF-TOKEN=${anonymous}` },
      { student_id: studentId, password: 'Correct-horse-42' },
    );
    expect(login.status).toBe(200);
    const token = cookieValue(login, 'XSRF-TOKEN')!;
    const headers = {
      'x-xsrf-token': token,
      cookie: `XSRF-TOKEN=${token}; sp_session=${cookieValue(login, 'sp_session')}`,
    };

    let mark = output.length;
    for (let i = 0; i < 4; i++) {
      const save = await send(url, 'POST', '/api/student', headers, {
        id: studentId,
        home_address: `${i} Queen Street`,
      });
      expect(save.status).toBe(200);
    }
    expect((await servedByAll(mark, '/api/student', 4)).size).toBe(2);

    expect((await send(url, 'POST', '/logout', headers)).status).toBe(204);
    mark = output.length;
    // The ended session reads nothing, and its XSRF token (bound to it) writes nothing.
    for (let i = 0; i < 4; i++)
      expect((await send(url, 'GET', `/api/student/${studentId}`, headers)).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      const save = await send(url, 'POST', '/api/student', headers, {
        id: studentId,
        home_address: 'After sign-out',
      });
      expect(save.status).toBe(403);
    }
    expect((await servedByAll(mark, `/api/student/${studentId}`, 4)).size).toBe(2);
    expect((await servedByAll(mark, '/api/student', 4)).size).toBe(2);
    const [row] = await database.db
      .select({ home_address: students.home_address })
      .from(students)
      .where(eq(students.id, studentId));
    expect(row?.home_address).toBe('3 Queen Street');
  });

  it('counts sign-in failures across the processes (D5)', async () => {
    const csrf = await send(url, 'GET', '/sanctum/csrf-cookie', {});
    const anonymous = cookieValue(csrf, 'XSRF-TOKEN')!;
    const headers = { 'x-xsrf-token': anonymous, cookie: `XSRF-TOKEN=${anonymous}` };
    const mark = output.length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await send(url, 'POST', '/api/login-student', headers, {
        student_id: studentId,
        password: 'Wrong-password-1',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await servedByAll(mark, '/api/login-student', 6)).size).toBe(2);
  });

  it('a settings change is seen by every process at once (settings live in the database)', async () => {
    for (const on of [true, false]) {
      await setIdLookup(database.db, on);
      const mark = output.length;
      for (let i = 0; i < 2; i++) {
        const answer = await send(url, 'GET', '/api/settings/public', {});
        expect(JSON.parse(answer.body)).toMatchObject({ id_lookup_enabled: on });
      }
      expect((await servedByAll(mark, '/api/settings/public', 2)).size).toBe(2);
    }
  });
});
