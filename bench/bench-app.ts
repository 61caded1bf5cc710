import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase, type Database } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import { registrationWindows } from '../server/src/db/schema.js';
import { writeSetting } from '../server/src/shared/settings.js';
import { LocalFileStore } from '../server/src/storage/file-store.js';
import { createStaff, createStudent } from '../server/src/test/factories.js';

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  url: string;
  student: { id: string; password: string };
  close(): Promise<void>;
}

/** The real app on an in-memory PGlite, listening on loopback, with one Form 1 student and registration open. */
export async function startBenchApp(
  env: Record<string, string> = {},
  webRoot = '/nonexistent',
): Promise<BenchApp> {
  const database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  // Staff sign in with a password alone here (the second-factor policy has its own tests).
  await writeSetting(database.db, 'second_factor_policy', 'optional', new Date());
  await database.db.update(registrationWindows).set({ open: 1 }).where(eq(registrationWindows.form_level, 1));
  const student = await createStudent(database.db, { password: 'Bench-pass-2026' });
  const uploads = mkdtempSync(join(tmpdir(), 'sp-bench-uploads-'));
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    db: database.db,
    sessionSecret: 'bench-secret-bench-secret-bench-secret-01',
    webRoot,
    files: new LocalFileStore(uploads),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    url,
    student: { id: student.id, password: 'Bench-pass-2026' },
    async close() {
      await app.close();
      await database.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/** The XSRF token a browser would get before signing in. */
export async function csrfToken(url: string): Promise<string> {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  return /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
}

/**
 * A new administrator signed in: the headers a browser would send with a form post. Signing in replaces the
 * XSRF token, so the token is taken from the answer.
 */
export async function adminHeaders(b: BenchApp): Promise<Record<string, string>> {
  const { username, password } = await createStaff(b.database.db);
  const token = await csrfToken(b.url);
  const res = await fetch(`${b.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ name: username, password }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  const cookies = res.headers.get('set-cookie') ?? '';
  const session = /sp_session=([^;]+)/.exec(cookies)![1]!;
  const fresh = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? token);
  return { 'x-xsrf-token': fresh, cookie: `XSRF-TOKEN=${fresh}; sp_session=${session}` };
}

/** XSRF token and a signed-in session cookie, as a browser would hold them. */
export async function signIn(b: BenchApp): Promise<{ token: string; cookie: string }> {
  const token = await csrfToken(b.url);
  const res = await fetch(`${b.url}/api/login-student`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ student_id: b.student.id, password: b.student.password }),
  });
  const cookies = res.headers.get('set-cookie') ?? '';
  const session = /sp_session=([^;]+)/.exec(cookies)![1]!;
  // The token is bound to the session: the sign-in answer carries the one to use from now on.
  const signedIn = /XSRF-TOKEN=([^;]+)/.exec(cookies)![1]!;
  return { token: signedIn, cookie: `XSRF-TOKEN=${signedIn}; sp_session=${session}` };
}
