import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedDemoNewYear } from './demo-new-year.js';
import { seedDemoSchool } from './demo-school.js';

/** The whole demo school, both years, as `npm run demo` builds it, on a test app; with its build time. */
export async function demoApp(): Promise<TestApp & { buildMs: number }> {
  const t = await createTestApp();
  const started = performance.now();
  expect(await seedDemoSchool(t.database.db, t.clock.now())).toBe(true);
  await seedDemoNewYear(t.app.ctx);
  return Object.assign(t, { buildMs: performance.now() - started });
}
