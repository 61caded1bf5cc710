import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RolloverPreview } from '@sp/domain';
import { students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addClasses, put, student } from '../../test/rollover-kit.js';
import { enrolInCurrentYear } from '../../shared/school-years.js';

let t: TestApp;
let adminA: Agent;
let adminB: Agent;
const db = () => t.database.db;
const s: Record<string, { id: string }> = {};
/** Students in no class: each is a conflict of its own, more than the preview names. */
const UNPLACED = 210;

beforeAll(async () => {
  t = await createTestApp();
  [adminA, adminB] = [await t.signInAdmin(), await t.signInAdmin()];
  await addClasses(db());
  for (const [name, cls, first, last] of [
    ['zara', '1A', 'Zara', 'Mohammed'],
    ['ali', '1A', 'Kevin', 'Ali'],
    ['amy', '1A', 'Amy', 'Zephyr'],
    ['two', '2A', 'Priya', 'Persad'],
    ['leaver', '2A', 'Ravi', 'Ramdial'],
    // 3B goes up to 4B, which the school does not have: a class's conflict, fixed by a move for 3B.
    ['stuck', '3B', 'Nadia', 'Sealy'],
  ] as const)
    s[name] = await student(db(), cls, { first_name: first, last_name: last });
  const unplaced = Array.from({ length: UNPLACED }, (_, i) => ({
    id: `NC${String(i).padStart(4, '0')}`,
    first_name: 'Una',
    last_name: `Placed${i}`,
    date_of_birth: '2013-04-09',
    class_id: null,
  }));
  await db().insert(students).values(unplaced);
  await enrolInCurrentYear(
    db(),
    unplaced.map((u) => u.id),
  );
  expect(
    (await put(adminA, `/api/admin/rollover/marks/${s.leaver!.id}`, { mark: 'leaving' })).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

const ALL = 6 + UNPLACED;
async function preview(admin: Agent, query = ''): Promise<RolloverPreview> {
  const res = await admin.get(`/api/admin/rollover/preview${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RolloverPreview>();
}
const ids = (p: RolloverPreview) => p.students.map((r) => r.student_id);

describe('the preview, a page of students at a time', () => {
  it('answers the whole school’s counts and hash with 50 rows by default, and pages through the rest', async () => {
    const first = await preview(adminA);
    expect(first).toMatchObject({ students_total: ALL, offset: 0, limit: 50 });
    expect(first.students).toHaveLength(50);
    expect(first.forms.find((f) => f.key === 1)).toEqual({ key: 1, before: 3, after: 0 });
    expect(first.leavers.left).toBe(1);
    // Class by class, then by name; the students in no class last.
    expect(ids(first).slice(0, 3)).toEqual([s.ali!.id, s.zara!.id, s.amy!.id]);

    const seen: string[] = [];
    for (let offset = 0; offset < ALL; offset += 200) {
      const page = await preview(adminA, `?offset=${offset}&limit=200`);
      expect(page.plan_hash).toBe(first.plan_hash);
      expect(page.students_total).toBe(ALL);
      seen.push(...ids(page));
    }
    expect(seen).toHaveLength(ALL);
    expect(new Set(seen).size).toBe(ALL);
    expect(ids(await preview(adminA, `?offset=${ALL}`))).toEqual([]);
  });

  it('filters by class (empty: no class), by ID or name from its start in any case, and by mark', async () => {
    const oneA = await preview(adminA, '?class_id=1A');
    expect(oneA.students_total).toBe(3);
    expect(oneA.students.every((r) => r.from.class_id === '1A')).toBe(true);
    expect((await preview(adminA, '?class_id=')).students_total).toBe(UNPLACED);
    expect(ids(await preview(adminA, '?q=zAR'))).toEqual([s.zara!.id]);
    expect(ids(await preview(adminA, '?q=ali'))).toEqual([s.ali!.id]);
    expect(ids(await preview(adminA, '?q=Ali,%20Kev'))).toEqual([s.ali!.id]);
    expect(ids(await preview(adminA, `?q=${s.stuck!.id.toLowerCase()}`))).toEqual([s.stuck!.id]);
    expect((await preview(adminA, '?q=nc00&limit=5')).students_total).toBe(100);
    expect(ids(await preview(adminA, '?q=ohammed'))).toEqual([]);
    expect(ids(await preview(adminA, '?marked=1'))).toEqual([s.leaver!.id]);
    expect((await preview(adminA, '?class_id=1A&marked=1')).students_total).toBe(0);
    expect(ids(await preview(adminA, '?class_id=2A&q=p&offset=0&limit=1'))).toEqual([s.two!.id]);
    const classes = (await preview(adminA)).student_classes;
    expect(classes).toEqual([
      { class_id: '1A', students: 3 },
      { class_id: '2A', students: 2 },
      { class_id: '3B', students: 1 },
      { class_id: null, students: UNPLACED },
    ]);
  });

  it('names the first 200 conflicts with the way to fix each, and says how many there are', async () => {
    const res = await adminA.get('/api/admin/rollover/preview');
    // Bounded whatever the school's size: 200 conflicts with their rows and a page of 50 students.
    expect(res.body.length).toBeLessThan(200_000);
    const p = res.json<RolloverPreview>();
    expect(p.conflicts_total).toBe(UNPLACED + 1);
    expect(p.conflicts).toHaveLength(200);
    expect(p.conflicts[0]).toMatchObject({
      student_id: null,
      class_id: '4B',
      student: null,
      fix_classes: ['3B'],
    });
    const unplaced = p.conflicts[1]!;
    expect(unplaced.student?.student_id).toBe(unplaced.student_id);
    expect(unplaced).toMatchObject({ class_id: null, fix_classes: [] });
    expect(unplaced.message).toMatch(/has no class/);
  });

  it('shows admin A the mark admin B has just set, under "marked"', async () => {
    expect(ids(await preview(adminA, '?marked=1&class_id=1A'))).toEqual([]);
    const marked = await put(adminB, `/api/admin/rollover/marks/${s.zara!.id}`, { mark: 'repeating' });
    expect(marked.statusCode).toBe(200);
    const seen = await preview(adminA, '?marked=1&class_id=1A');
    expect(seen.students).toMatchObject([{ student_id: s.zara!.id, mark: 'repeating' }]);
    expect(seen.repeating).toBe(1);
  });

  it('refuses a bad page, filter or search with a message', async () => {
    for (const [query, message] of [
      ['limit=0', 'Limit must be a number from 1 to 200.'],
      ['limit=201', 'Limit must be a number from 1 to 200.'],
      ['limit=ten', 'Limit must be a number from 1 to 200.'],
      ['offset=-1', 'Offset must be a whole number, 0 or more.'],
      ['marked=yes', 'Use 0 or 1.'],
      [`q=${'x'.repeat(51)}`, 'Search with at most 50 characters.'],
      [`class_id=${'x'.repeat(11)}`, 'A class has at most 10 characters.'],
      ['page=2', 'Unknown field: page'],
    ]) {
      const res = await adminA.get(`/api/admin/rollover/preview?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
  });
});
