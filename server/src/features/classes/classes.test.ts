import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffUserClasses, staffUsers, termSummaries } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { multipart } from '../../test/multipart.js';
import { addClasses, preview, put, student } from '../../test/rollover-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await addClasses(db());
});
afterAll(() => t.close());

const add = (body: unknown, agent = admin) => agent.post('/api/admin/classes', body);
const remove = (classId: string, agent = admin) => agent.request('DELETE', `/api/admin/classes/${classId}`);
const classIds = async (agent = admin) =>
  (await agent.get('/api/form-classes')).json<{ class_id: string }[]>().map((c) => c.class_id);

describe("the school's class list", () => {
  it('adds a class upper-cased, which the class list shows to other staff at once, and audits it', async () => {
    const res = await add({ class_id: ' 3s ', form_level: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ class_id: '3S', form_level: 3 });
    expect(await classIds(await t.signInStaff())).toContain('3S');
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'class_add'), eq(auditLog.new_value, '3S')));
    expect(row?.detail).toEqual({ form_level: 3 });
  });

  it('refuses a class that exists, a bad class id or form, and the staff role', async () => {
    const again = await add({ class_id: '3s', form_level: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Class 3S already exists.');
    for (const body of [
      { class_id: '3-S', form_level: 3 },
      { class_id: '', form_level: 3 },
      { class_id: 'ABCDEFGHIJK', form_level: 3 },
      { class_id: '8A', form_level: 8 },
      { class_id: '8A' },
    ]) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].field).toMatch(/class_id|form_level/);
    }
    expect((await remove('3-S')).statusCode).toBe(400);
    const staff = await t.signInStaff();
    expect((await add({ class_id: '4S', form_level: 4 }, staff)).statusCode).toBe(403);
    expect((await remove('3S', staff)).statusCode).toBe(403);
    expect(await classIds()).not.toContain('4S');
  });

  it('removes a class nothing uses', async () => {
    expect((await add({ class_id: '5Z', form_level: 5 })).statusCode).toBe(201);
    const res = await remove('5z');
    expect(res.statusCode, res.body).toBe(200);
    expect(await classIds()).not.toContain('5Z');
    expect((await remove('5Z')).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'class_remove'));
    expect(audit.map((r) => r.old_value)).toEqual(['5Z']);
  });

  it('refuses to remove a class in use, saying what uses it', async () => {
    await student(db(), '4A');
    const used = await remove('4A');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Class 4A cannot be removed while students in it use it.');

    expect((await put(admin, '/api/admin/rollover/class-moves', [{ from: '2C', to: '3A' }])).statusCode).toBe(
      200,
    );
    const [staff] = await db().select({ id: staffUsers.id }).from(staffUsers).limit(1);
    await db().insert(staffUserClasses).values({ staff_user_id: staff!.id, class_id: '2C' });
    const moved = await remove('2C');
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(
      'Class 2C cannot be removed while class moves, staff accounts teaching it use it.',
    );
    expect(await classIds()).toEqual(expect.arrayContaining(['4A', '2C']));
    expect(
      await db().select().from(staffUserClasses).where(eq(staffUserClasses.class_id, '2C')),
    ).toHaveLength(1);
    expect(await db().select().from(termSummaries)).toEqual([]);
  });

  it('lets the rollover move a class into the new class once it is added', async () => {
    const s = await student(db(), '1B');
    const moves = [{ from: '1B', to: '2Q' }];
    expect((await put(admin, '/api/admin/rollover/class-moves', moves)).statusCode).toBe(200);
    const before = await preview(admin);
    expect(before.conflicts.map((c) => c.message).join('\n')).toContain('Class 2Q is not in the class list');
    const { body, headers } = multipart(
      {},
      { name: 'c.csv', data: Buffer.from(`student_id,class\n${s.id},2Q\n`) },
    );
    const refused = await admin.post('/api/admin/rollover/class-list', body, { headers });
    expect(refused.json().errors[0].message).toBe(
      'Line 2: there is no class 2Q. Add it in Settings → Classes first.',
    );

    expect((await add({ class_id: '2q', form_level: 2 })).statusCode).toBe(201);
    const after = await preview(admin);
    expect(after.conflicts.filter((c) => c.class_id === '2Q' || c.message.includes('2Q'))).toEqual([]);
    expect(after.students.find((r) => r.student_id === s.id)?.next?.class_id).toBe('2Q');
    const again = multipart({}, { name: 'c.csv', data: Buffer.from(`student_id,class\n${s.id},2Q\n`) });
    expect(
      (await admin.post('/api/admin/rollover/class-list', again.body, { headers: again.headers })).statusCode,
    ).toBe(200);
  });
});
