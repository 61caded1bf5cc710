import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { currentYear } from '../../shared/school-years.js';
import {
  SNAPSHOT_TABLES,
  addClasses,
  confirmBody,
  preview,
  put,
  rollOver,
  snapshot,
  student,
} from '../../test/rollover-kit.js';

let t: TestApp;
let adminA: Agent;
let adminB: Agent;
let year: number;
const db = () => t.database.db;
let repeater: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  [adminA, adminB] = [await t.signInAdmin(), await t.signInAdmin()];
  await addClasses(db());
  year = (await currentYear(db())).year;
  for (const cls of ['1A', '2A', '3A', '5A']) await student(db(), cls);
  repeater = await student(db(), '3A');
});
afterAll(() => t.close());

describe('confirming the rollover', () => {
  it('refuses a staff member without the admin role, a bad body and a year that is not current', async () => {
    const staff = await t.signInStaff();
    const plan = await preview(adminA);
    const body = await confirmBody(db(), plan.plan_hash);
    const refused = await staff.post('/api/admin/rollover', body);
    expect(refused.statusCode).toBe(403);
    expect((await staff.get('/api/admin/rollover/preview')).statusCode).toBe(403);
    expect((await put(staff, `/api/admin/rollover/marks/${repeater.id}`, { mark: null })).statusCode).toBe(
      403,
    );

    const bad = await adminA.post('/api/admin/rollover', { ...body, to_year: year + 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'to_year' });
    expect((await adminA.post('/api/admin/rollover', { ...body, plan_hash: 'x' })).statusCode).toBe(400);
    expect(
      (await put(adminA, `/api/admin/rollover/marks/${repeater.id}`, { mark: 'expelled' })).statusCode,
    ).toBe(400);
    const old = await adminA.post('/api/admin/rollover', {
      ...body,
      from_year: year - 1,
      to_year: year,
      starts_on: `${year}-09-01`,
      ends_on: `${year + 1}-08-31`,
    });
    expect(old.statusCode).toBe(404);
    expect((await currentYear(db())).year).toBe(year);
  });

  it('marks a whole class at once, and clears it again', async () => {
    const res = await put(adminA, '/api/admin/rollover/class-marks/3A', {
      mark: 'leaving',
      school: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ class_id: '3A', students: 2, mark: 'leaving', school: null });
    const plan = await preview(adminB);
    expect(plan.students.filter((r) => r.from.class_id === '3A').map((r) => r.closing_status)).toEqual([
      'left',
      'left',
    ]);
    expect((await put(adminA, '/api/admin/rollover/class-marks/3A', { mark: null })).json().students).toBe(2);
    expect((await preview(adminB)).leavers.left).toBe(0);
    const unknown = await put(adminA, '/api/admin/rollover/class-marks/9Z', { mark: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no class 9Z.');
  });

  it("refuses admin A's confirm when admin B changed a mark after A's preview (the plan hash)", async () => {
    const seenByA = await preview(adminA);
    expect(
      (await put(adminB, `/api/admin/rollover/marks/${repeater.id}`, { mark: 'repeating' })).statusCode,
    ).toBe(200);
    const before = await snapshot(db());
    const res = await adminA.post('/api/admin/rollover', await confirmBody(db(), seenByA.plan_hash));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/changed since the preview/);
    expect(await snapshot(db())).toEqual(before);
    // A looks again and sees B's mark.
    const again = await preview(adminA);
    expect(again.students.find((r) => r.student_id === repeater.id)?.next?.status).toBe('repeating');
  });

  it('rolls over once when two admins confirm at the same moment', async () => {
    const plan = await preview(adminA);
    const body = await confirmBody(db(), plan.plan_hash);
    const [a, b] = await Promise.all([
      adminA.post('/api/admin/rollover', body),
      adminB.post('/api/admin/rollover', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().already, b.json().already].sort()).toEqual([false, true]);
    expect(b.json()).toMatchObject({ students: 5, continuing: 4, repeating: 1 });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'rollover'))).toHaveLength(1);
    expect((await currentYear(db())).year).toBe(year + 1);
  });

  it('changes nothing on a second confirm: every table as it was', async () => {
    const before = await snapshot(db(), [...SNAPSHOT_TABLES, 'audit_log']);
    const plan = await preview(adminA);
    const res = await adminA.post('/api/admin/rollover', {
      ...(await confirmBody(db(), plan.plan_hash)),
      from_year: year,
      to_year: year + 1,
      starts_on: `${year + 1}-09-01`,
      ends_on: `${year + 2}-08-31`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ already: true, from_year: year, to_year: year + 1, students: 5 });
    expect(await snapshot(db(), [...SNAPSHOT_TABLES, 'audit_log'])).toEqual(before);
  });

  it('lists the years with their counts, the new one current', async () => {
    const res = await adminA.get('/api/admin/school-years');
    expect(res.statusCode, res.body).toBe(200);
    const [next, closed] = res.json().years;
    expect(next).toMatchObject({
      year: year + 1,
      state: 'current',
      students: 4,
      statuses: { enrolled: 3, repeating: 1 },
      can_undo: true,
      undo_refused: null,
    });
    expect(closed).toMatchObject({
      year,
      state: 'closed',
      students: 5,
      statuses: { enrolled: 4, graduated: 1 },
    });
    expect(closed.closed_by).toBeTruthy();
  });

  it('plans the new year from its own enrolments, once it has started', async () => {
    t.clock.advance(new Date(`${year + 1}-09-01T12:00:00Z`).getTime() - t.clock.now().getTime());
    const res = await rollOver(db(), await t.signInAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ from_year: year + 1, students: 4, already: false });
  });
});
