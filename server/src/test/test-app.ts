import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { SecondFactorPolicy, StaffRole } from '@sp/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { Agent } from './agent.js';
import { createParent, createStaff, createStudent, type StudentFactoryInput } from './factories.js';
import { FakeClock } from './fake-clock.js';
import { openTestDatabase } from './test-database.js';
import { writeSetting } from '../shared/settings.js';
import { LocalFileStore, type FileStore } from '../storage/file-store.js';
import { DatabaseFileStore } from '../storage/database-file-store.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  /** Folder of the uploaded files (disk store). */
  uploadsDir: string;
  /** The document store: disk, or the database with FILE_STORE=database (or TEST_FILE_STORE=database). */
  files: FileStore;
  agent(): Agent;
  /** A student signed in with a full session (password already set). */
  signInStudent(
    input?: StudentFactoryInput,
  ): Promise<{ agent: Agent; student: Awaited<ReturnType<typeof createStudent>> }>;
  /** A staff member signed in, with the staff role unless another is named (D22). */
  signInStaff(role?: StaffRole): Promise<Agent>;
  /** A staff member with the admin role signed in. */
  signInAdmin(): Promise<Agent>;
  /** A confirmed parent account linked to `children` (student IDs), signed in (D50). */
  signInParent(
    children: string[],
    input?: { name?: string },
  ): Promise<{ agent: Agent; parent: Awaited<ReturnType<typeof createParent>> }>;
  /** Another app on the same database, as a second server process sees it (close it when done). */
  secondProcess(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Where the app logs (silent by default). */
  logger?: FastifyServerOptions['logger'];
  /** Folder of a built web app to serve (none by default). */
  webRoot?: string;
  /** Extra routes for a test, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  /**
   * Who must have a second factor (D51). Tests start from 'optional', as a school already in use does; a test
   * of the rule names it ('admins' is a new install's).
   */
  secondFactorPolicy?: SecondFactorPolicy;
}

/** The real app on a real database, with a fake clock; one per test file (beforeAll). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await writeSetting(
    database.db,
    'second_factor_policy',
    options.secondFactorPolicy ?? 'optional',
    new Date(),
  );
  const uploadsDir = mkdtempSync(join(tmpdir(), 'sp-test-uploads-'));
  const clock = new FakeClock(new Date());
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data',
    LOG_LEVEL: 'silent',
    FILE_STORE: process.env.TEST_FILE_STORE,
    ...env,
  });
  const files =
    config.FILE_STORE === 'database' ? new DatabaseFileStore(database.db) : new LocalFileStore(uploadsDir);
  const build = () =>
    buildApp({
      config,
      db: database.db,
      clock: clock.now,
      sessionSecret: 'test-secret-test-secret-test-secret-0123',
      webRoot: options.webRoot ?? '/nonexistent-web-root',
      files,
      ...(options.logger ? { logger: options.logger } : {}),
    });
  const app = await build();
  options.routes?.(app);
  await app.ready();
  const t: TestApp = {
    app,
    database,
    clock,
    uploadsDir,
    files,
    agent: () => new Agent(app),
    async signInStudent(input = {}) {
      const student = await createStudent(database.db, { password: 'Correct-horse-42', ...input });
      const agent = t.agent();
      const res = await agent.post('/api/login-student', {
        student_id: student.id,
        password: student.password,
      });
      if (res.statusCode !== 200) throw new Error(`student sign-in failed: ${res.statusCode} ${res.body}`);
      return { agent, student };
    },
    async signInStaff(role: StaffRole = 'staff') {
      const user = await createStaff(database.db, undefined, undefined, role);
      const agent = t.agent();
      const res = await agent.post('/api/admin-login', { name: user.username, password: user.password });
      if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
      return agent;
    },
    signInAdmin: () => t.signInStaff('admin'),
    async signInParent(children, input = {}) {
      const parent = await createParent(database.db, { ...input, children });
      const agent = t.agent();
      const res = await agent.post('/api/parent/login', { email: parent.email, password: parent.password });
      if (res.statusCode !== 200) throw new Error(`parent sign-in failed: ${res.statusCode} ${res.body}`);
      return { agent, parent };
    },
    async secondProcess() {
      const other = await build();
      await other.ready();
      return other;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
  return t;
}
