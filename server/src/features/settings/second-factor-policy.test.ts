import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchoolSettings } from '@sp/domain';
import { auditLog } from '../../db/schema.js';
import { readSettings } from '../../shared/settings.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('the second-factor policy (D51)', () => {
  it('a new install requires a second factor of administrators', async () => {
    const database = await openTestDatabase();
    try {
      expect(await readSettings(database.db, ['second_factor_policy'])).toEqual({
        second_factor_policy: 'admins',
      });
    } finally {
      await database.close();
    }
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an administrator changes it in Settings; the change is audited; a wrong value is refused', async () => {
    const admin = await t.signInAdmin();
    const res = await admin.post('/api/settings', { second_factor_policy: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SchoolSettings>().second_factor_policy).toBe('all');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings_change'), eq(auditLog.field, 'second_factor_policy')));
    expect(rows.map((r) => [r.old_value, r.new_value])).toEqual([['optional', 'all']]);

    const bad = await admin.post('/api/settings', { second_factor_policy: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('second_factor_policy');
    const staff = await t.signInStaff();
    expect((await staff.post('/api/settings', { second_factor_policy: 'optional' })).statusCode).toBe(403);
    expect((await admin.get('/api/settings')).json<SchoolSettings>().second_factor_policy).toBe('all');
  });
});
