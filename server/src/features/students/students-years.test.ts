import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStudent } from '@sp/domain';
import { twoYearSchool } from '../../test/past-year.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await twoYearSchool(t);
});
afterAll(() => t.close());

const list = async (query: string) => (await t.signInAdmin()).get(`/api/students?${query}`);
const rowsOf = (rows: AdminStudent[]) =>
  rows
    .filter((r) => [school.stays, school.leaver].includes(r.id))
    .map((r) => [r.id, r.first_name, r.class_id]);

describe('GET /api/students by school year', () => {
  it("lists only the current year's students: last year's leaver is gone, withdrawn ones asked for or not", async () => {
    for (const query of ['', 'include_withdrawn=1', 'limit=50&q=Lee']) {
      const res = await list(query);
      expect(res.statusCode).toBe(200);
      expect(rowsOf(res.json()), query).toEqual(query.includes('Lee') ? [] : [[school.stays, 'Anna', '5K']]);
    }
  });
  it('lists a closed year as it was: its class and names, the leaver too; searched and paged', async () => {
    const res = await list(`year=${school.past}&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.json())).toEqual([
      [school.leaver, 'Lee', '4K'],
      [school.stays, 'Ann', '4K'],
    ]);
    const paged = await list(`year=${school.past}&q=ann&limit=10`);
    expect(paged.headers['x-total-count']).toBe('1');
    expect(rowsOf(paged.json())).toEqual([[school.stays, 'Ann', '4K']]);
    // The "not done" lists read the year's own steps and documents.
    const photo = await list(`year=${school.past}&pending=picture&limit=10`);
    expect(rowsOf(photo.json())).toEqual([[school.leaver, 'Lee', '4K']]);
    const now = await list(`pending=picture&limit=10`);
    expect(rowsOf(now.json())).toEqual([[school.stays, 'Anna', '5K']]);
  });
  it('names a year the school does not have (404) and refuses one that is not a year (400)', async () => {
    const unknown = await list('year=2019');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('There is no school year 2019-2020.');
    for (const bad of ['year=last', 'year=20255', 'year=1066', 'year=']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message, bad).toBe(
        'A school year is named by the year it starts, such as 2026.',
      );
    }
  });
});
