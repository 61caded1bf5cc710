import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OneTimePassword, StaffUser } from '@sp/domain';
import { auditLog } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { ensureClass } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** D44: an administrator gives a staff account optional classes. */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await ensureClass(t.database.db, '1A', 1);
  await ensureClass(t.database.db, '1B', 1);
});
afterAll(() => t.close());

describe('staff classes', () => {
  it('are given when the account is added and listed with it', async () => {
    const res = await admin.post('/api/staff-users', {
      username: 'form1b',
      full_name: 'Form Teacher',
      role: 'staff',
      classes: ['1B', '1A', '1B'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OneTimePassword>().user.classes).toEqual(['1A', '1B']);
    const list = (await admin.get('/api/staff-users')).json<StaffUser[]>();
    expect(list.find((u) => u.username === 'form1b')?.classes).toEqual(['1A', '1B']);
    expect(list.find((u) => u.username !== 'form1b')?.classes).toEqual([]);
  });

  it('an unknown class is refused with its name, and no account is made', async () => {
    const res = await admin.post('/api/staff-users', {
      username: 'nobody9',
      full_name: 'No One',
      role: 'staff',
      classes: ['9Z'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/No class 9Z/);
    const list = (await admin.get('/api/staff-users')).json<StaffUser[]>();
    expect(list.some((u) => u.username === 'nobody9')).toBe(false);
  });

  it('are changed and cleared, each change audited; a staff member cannot change them', async () => {
    const list = (await admin.get('/api/staff-users')).json<StaffUser[]>();
    const id = list.find((u) => u.username === 'form1b')!.id;
    const changed = await admin.post(`/api/staff-users/${id}`, { classes: ['1A'] });
    expect(changed.json<StaffUser>().classes).toEqual(['1A']);
    const cleared = await admin.post(`/api/staff-users/${id}`, { classes: [] });
    expect(cleared.json<StaffUser>().classes).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.field, 'classes'));
    expect(audit.map((a) => [a.old_value, a.new_value])).toEqual([
      ['', '1A, 1B'],
      ['1A, 1B', '1A'],
      ['1A', ''],
    ]);
    const staff = await t.signInStaff();
    expect((await staff.post(`/api/staff-users/${id}`, { classes: ['1B'] })).statusCode).toBe(403);
    expect((await admin.post(`/api/staff-users/${id}`, { classes: 'x' })).statusCode).toBe(400);
  });
});
