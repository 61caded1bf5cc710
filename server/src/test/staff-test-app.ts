import { afterAll, beforeAll } from 'vitest';
import type { Agent } from './agent.js';
import { createTestApp, type TestApp } from './test-app.js';

/** For a test file: the app on its own database and a signed-in member of staff (role staff), made once. */
export function staffTestApp(env: Record<string, string> = {}): { t: TestApp; staff: Agent } {
  const kit = {} as { t: TestApp; staff: Agent };
  beforeAll(async () => {
    kit.t = await createTestApp(env);
    kit.staff = await kit.t.signInStaff();
  });
  afterAll(() => kit.t.close());
  return kit;
}

/** For a test file: the app on its own database and a signed-in administrator, made once. */
export function adminTestApp(env: Record<string, string> = {}): { t: TestApp; admin: Agent } {
  const kit = {} as { t: TestApp; admin: Agent };
  beforeAll(async () => {
    kit.t = await createTestApp(env);
    kit.admin = await kit.t.signInAdmin();
  });
  afterAll(() => kit.t.close());
  return kit;
}
