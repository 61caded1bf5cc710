import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStudent } from '@sp/domain';
import { students } from '../../db/schema.js';
import { createStudent, ensureClass } from '../../test/factories.js';
import { closeYearBefore, leaveCurrentYear } from '../../test/past-year.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let past: number;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await ensureClass(db, '4K', 4);
  await ensureClass(db, '5K', 5);
  for (const [key, last] of [
    ['stays', 'Stays'],
    ['leaver', 'Leaver'],
  ] as const)
    ids[key] = (await createStudent(db, { class_id: '4K', last_name: last, first_name: 'Ann' })).id;
  await db.update(students).set({ home_phone_mother: '6221111' }).where(eq(students.id, ids.stays!));
  past = await closeYearBefore(db, Object.values(ids));
  // The new year: one moved up to 5K with a new phone number, the other left.
  await db
    .update(students)
    .set({ class_id: '5K', home_phone_mother: '6229999', first_name: 'Anna' })
    .where(eq(students.id, ids.stays!));
  await leaveCurrentYear(t.database.db, ids.leaver!);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const admin = await t.signInAdmin();
  const res = await admin.get(`/api/students?${query}`);
  return res;
};
const mine = (rows: AdminStudent[]) => rows.filter((r) => Object.values(ids).includes(r.id));

describe('GET /api/students by school year', () => {
  it("lists only the current year's students: a leaver of last year is gone", async () => {
    const res = await list('include_withdrawn=1');
    expect(res.statusCode).toBe(200);
    const rows = mine(res.json<AdminStudent[]>());
    expect(rows.map((r) => [r.id, r.first_name, r.class_id])).toEqual([[ids.stays, 'Anna', '5K']]);
  });
  it('lists a closed year as it was: its class and names, the leaver too', async () => {
    const res = await list(`year=${past}&sort=name`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = mine(res.json<AdminStudent[]>());
    expect(rows.map((r) => [r.id, r.first_name, r.class_id])).toEqual([
      [ids.leaver, 'Ann', '4K'],
      [ids.stays, 'Ann', '4K'],
    ]);
    const paged = await list(`year=${past}&q=stay&limit=10`);
    expect(paged.headers['x-total-count']).toBe('1');
  });
});
