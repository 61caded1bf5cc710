import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, studentAccounts, students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import type { TestApp } from '../../test/test-app.js';
import { openImportApp } from '../../test/import-files.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await openImportApp()));
afterAll(() => t.close());

const valid = {
  id: 'H001',
  last_name: 'Baptiste',
  first_name: 'Zoe',
  sea_no: '20145678',
  class_id: '1a',
  date_of_birth: '2014-06-30',
  house_code: 'Ruby House',
  entry_date: '2026-09-01',
};

describe('adding a student by hand', () => {
  it('adds the student with an account for a first sign-in by date of birth, audited', async () => {
    const res = await admin.post('/api/students', valid);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Student H001 was added.', id: 'H001' });
    const [row] = await t.database.db.select().from(students).where(eq(students.id, 'H001'));
    expect(row).toMatchObject({
      class_id: '1A',
      house_code: 'RED',
      entry_date: '2026-09-01',
      sea_no: '20145678',
    });
    const [account] = await t.database.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.student_id, 'H001'));
    expect(account).toMatchObject({ password_reset: 1, password_hash: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, 'H001'), eq(auditLog.action, 'student_add')));
    expect(audit).toHaveLength(1);
    const signIn = await t.agent().post('/api/login-student', { student_id: 'H001', password: '20140630' });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('answers 409 for an ID that exists', async () => {
    const res = await admin.post('/api/students', { ...valid, first_name: 'Other' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'A student with ID H001 already exists.',
      errors: [{ field: 'id' }],
    });
  });

  it.each([
    ['names missing', { first_name: ' ', last_name: undefined }, ['last_name', 'first_name']],
    ['a date that is not one', { date_of_birth: '2014-02-30' }, ['date_of_birth']],
    ['a birth date in the future', { date_of_birth: '2099-01-01' }, ['date_of_birth']],
    ['an unknown class', { class_id: '7Z' }, ['class_id']],
    ['an unknown house', { house_code: 'Nowhere' }, ['house_code']],
    ['a long SEA number', { sea_no: '1234567890123456' }, ['sea_no']],
    ['an unknown field', { nickname: 'Zed' }, ['nickname']],
  ])('answers 400 for %s, naming the fields', async (_what, change, fields) => {
    const res = await admin.post('/api/students', { ...valid, id: 'H002', ...change });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; errors: { field: string }[] }>();
    expect(body.message).toBeTruthy();
    expect(body.errors.map((e) => e.field)).toEqual(fields);
    expect(await t.database.db.select().from(students).where(eq(students.id, 'H002'))).toEqual([]);
  });
});
