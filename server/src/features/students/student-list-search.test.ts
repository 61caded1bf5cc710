import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStudentListSchema } from '@sp/domain';
import { students } from '../../db/schema.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const ids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const [last, first, classId] of [
    ['Quashie', 'Anya', '2Q'],
    ['quashie-Ali', 'Ben', '2Q'],
    ['Mohammed', 'Quincy', '2Q'],
    ['Persad', 'Ravi', '2R'],
    ['Q_under', 'Score', '2R'],
  ] as const) {
    ids.push((await createStudent(db, { last_name: last, first_name: first, class_id: classId })).id);
  }
  await db.update(students).set({ birth_cert_no: 'QX12345' }).where(eq(students.id, ids[3]!));
});
afterAll(() => t.close());

const list = async (query: string) => {
  const admin = await t.signInAdmin();
  const res = await admin.get(`/api/students?${query}`);
  expect(res.statusCode, query).toBe(200);
  return { rows: adminStudentListSchema.parse(res.json()), total: Number(res.headers['x-total-count']) };
};

describe('GET /api/students with a search, a page and a sort (D28)', () => {
  it('keeps the spec shape: every student, with the total in X-Total-Count', async () => {
    const all = await list('');
    expect(all.rows.length).toBe(all.total);
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it('matches the start of a first or last name, ID or PIN in any case, or a whole class', async () => {
    const names = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}&sort=name`)).rows.map((r) => `${r.last_name}, ${r.first_name}`);
    expect(await names('qua')).toEqual(['Quashie, Anya', 'quashie-Ali, Ben']);
    expect(await names('QUI')).toEqual(['Mohammed, Quincy']);
    expect(await names('qx1')).toEqual(['Persad, Ravi']);
    expect(await names('2r')).toEqual(['Persad, Ravi', 'Q_under, Score']);
    // A fragment inside a name is not its start; LIKE's wildcards are plain characters.
    expect(await names('ashie')).toEqual([]);
    expect(await names('q_')).toEqual(['Q_under, Score']);
    expect(await names('%')).toEqual([]);
    expect((await list(`q=${ids[0]}`)).rows.map((r) => r.id)).toEqual([ids[0]]);
  });

  it('pages through a sorted list and counts every match', async () => {
    const first = await list('q=2q&sort=name&limit=2');
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.last_name)).toEqual(['Mohammed', 'Quashie']);
    const second = await list('q=2q&sort=name&limit=2&offset=2');
    expect(second.total).toBe(3);
    expect(second.rows.map((r) => r.last_name)).toEqual(['quashie-Ali']);
    const byClass = await list('q=q&sort=class');
    expect(byClass.rows.map((r) => r.class_id)).toEqual(['2Q', '2Q', '2Q', '2R', '2R']);
    const byId = await list(`q=${ids[0]!.slice(0, 2)}&sort=id`);
    expect(byId.rows.map((r) => r.id)).toEqual([...byId.rows.map((r) => r.id)].sort());
  });

  it('refuses a bad search, page or sort with a message', async () => {
    const admin = await t.signInAdmin();
    for (const [query, message] of [
      ['limit=0', 'Limit must be a number from 1 to 500.'],
      ['limit=501', 'Limit must be a number from 1 to 500.'],
      ['limit=ten', 'Limit must be a number from 1 to 500.'],
      ['offset=-1', 'Offset must be a whole number, 0 or more.'],
      ['sort=age', 'Sort by updated, name, id, class.'],
      [`q=${'x'.repeat(51)}`, 'Search with at most 50 characters.'],
      ['page=2', 'Unknown field: page'],
    ]) {
      const res = await admin.get(`/api/students?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
    const control = await admin.get('/api/students?q=%07');
    expect(control.statusCode).toBe(400);
  });
});
