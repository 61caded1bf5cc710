import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantFromSchoolTime, type AppSettings, type PostingTerm } from '@sp/domain';
import { terms } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SCHOOL_TIMEZONE: 'Asia/Tokyo' });
});
afterAll(() => t.close());

describe("the school's time zone reaches the web", () => {
  it('is in the public settings, before anyone signs in', async () => {
    const res = await t.agent().get('/api/settings/public');
    expect(res.statusCode).toBe(200);
    expect(res.json<AppSettings>().time_zone).toBe('Asia/Tokyo');
  });

  it('a release the web works out from 07:00 in that zone shows as 07:00 to another administrator', async () => {
    const [term] = await t.database.db.insert(terms).values({ year: 2031, term: 2 }).returning();
    const year = t.clock.now().getUTCFullYear() + 1;
    const zone = (await t.agent().get('/api/settings/public')).json<AppSettings>().time_zone;
    const at = instantFromSchoolTime(`${year}-12-01T07:00`, zone)!.toISOString();
    expect(at).toBe(`${year}-11-30T22:00:00.000Z`);
    const office = await t.signInAdmin();
    expect((await office.post(`/api/terms/${term!.id}/release`, { release_at: at })).statusCode).toBe(200);

    const other = await t.signInAdmin();
    const listed = (await other.get('/api/term-reports-posted')).json<PostingTerm[]>();
    expect(listed.find((p) => p.id === term!.id)).toMatchObject({
      release_at: at,
      release_at_school: `${year}-12-01 07:00`,
      time_zone: 'Asia/Tokyo',
    });
  });
});
