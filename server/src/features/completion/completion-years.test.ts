import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Completion, PendingStudent } from '@sp/domain';
import { twoYearSchool } from '../../test/past-year.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await twoYearSchool(t);
});
afterAll(() => t.close());

const get = async (url: string) => (await t.signInAdmin()).get(url);
const classOf = (completion: Completion, classId: string) =>
  completion.classes.find((c) => c.class_id === classId);

describe('the completion dashboard by school year', () => {
  it("counts the current year's students only, from the live tables", async () => {
    const res = await get('/api/completion');
    expect(res.statusCode).toBe(200);
    const now = res.json<Completion>();
    expect(classOf(now, '4K')).toBeUndefined();
    expect(classOf(now, '5K')).toMatchObject({
      students: 1,
      steps: { studentData: 0, submit: 0 },
      documents: { picture: 0, birth_certificate: 1 },
      terms: 0,
    });
    const pending = await get('/api/completion/pending?item=submit&class_id=4K');
    expect(pending.json()).toEqual([]);
  });
  it('counts a closed year as it ended: its classes, steps, documents and terms, the leaver included', async () => {
    const res = await get(`/api/completion?year=${school.past}`);
    expect(res.statusCode).toBe(200);
    const then = res.json<Completion>();
    expect(classOf(then, '5K')).toBeUndefined();
    expect(classOf(then, '4K')).toMatchObject({
      form_level: 4,
      students: 2,
      steps: { studentData: 1, submit: 1 },
      documents: { picture: 1, birth_certificate: 1, sea_slip: 0 },
      terms: 1,
    });
    const pending = await get(`/api/completion/pending?item=submit&class_id=4K&year=${school.past}`);
    expect(pending.json<PendingStudent[]>().map((s) => [s.id, s.first_name])).toEqual([
      [school.leaver, 'Lee'],
    ]);
  });
  it('refuses a year the school does not have, and one that is not a year', async () => {
    expect((await get('/api/completion?year=2019')).statusCode).toBe(404);
    expect((await get('/api/completion/pending?item=submit&year=2019')).statusCode).toBe(404);
    expect((await get('/api/completion?year=next')).statusCode).toBe(400);
  });
});
