import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolYears } from '../../db/schema.js';
import { currentYear } from '../../shared/school-years.js';
import type { Agent } from '../../test/agent.js';
import { addClasses, confirmBody, preview, put, student } from '../../test/rollover-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
const db = () => t.database.db;
const remove = (classId: string) => admin.request('DELETE', `/api/admin/classes/${classId}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await addClasses(db());
  for (let i = 0; i < 3; i++) await student(db(), '1A');
});
afterAll(() => t.close());

describe('removing a class and replacing the class moves against a rollover', () => {
  // The embedded database runs one transaction at a time, so a removal and a confirm cannot interleave there
  // whatever the locks; on PostgreSQL they can. What shows the lock is taken: with no current year row to
  // hold (as for a moment while a confirm commits), both are refused before writing anything.
  it('hold the current year as a confirm does: no current year row, nothing written', async () => {
    const { year } = await currentYear(db());
    await db().update(schoolYears).set({ state: 'closed' }).where(eq(schoolYears.year, year));
    try {
      const removed = await remove('5A');
      expect(removed.statusCode, removed.body).toBe(409);
      expect(removed.json().message).toMatch(/school year changed just now/);
      const moves = await put(admin, '/api/admin/rollover/class-moves', [{ from: '1A', to: '2B' }]);
      expect(moves.statusCode, moves.body).toBe(409);
    } finally {
      await db().update(schoolYears).set({ state: 'current' }).where(eq(schoolYears.year, year));
    }
    const classes = (await admin.get('/api/form-classes')).json<{ class_id: string }[]>();
    expect(classes.map((c) => c.class_id)).toContain('5A');
    expect((await admin.get('/api/admin/rollover/class-moves')).json()).toEqual([]);
  });

  it('a removal of the class a confirm moves students into ends in "in use" or goes first, never a 500', async () => {
    const body = await confirmBody(db(), (await preview(admin)).plan_hash);
    const [confirmed, removed] = await Promise.all([admin.post('/api/admin/rollover', body), remove('2A')]);
    expect([200, 409], removed.body).toContain(removed.statusCode);
    expect([200, 409], confirmed.body).toContain(confirmed.statusCode);
    if (removed.statusCode === 409) {
      expect(removed.json().message).toBe('Class 2A cannot be removed while students in it use it.');
      expect(confirmed.statusCode).toBe(200);
    } else {
      // The class went first: the confirm planned without it and refused with a conflict.
      expect(confirmed.statusCode).toBe(409);
    }
  });
});
