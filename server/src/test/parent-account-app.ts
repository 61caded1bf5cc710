import { afterAll, beforeAll, beforeEach } from 'vitest';
import { rateLimits } from '../db/schema.js';
import { createTestApp, type TestApp } from './test-app.js';

/** One app per test file, with every test counting its own requests against the limits. */
export function parentAccountApp(): { readonly t: TestApp } {
  const holder = {} as { t: TestApp };
  beforeAll(async () => {
    holder.t = await createTestApp();
  });
  afterAll(() => holder.t.close());
  beforeEach(() => holder.t.database.db.delete(rateLimits));
  return holder;
}
