import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { timestampInZone, type PostedTerm, type PostingCheck } from '@sp/domain';
import { auditLog, formSubjects, subjects, termResults, terms } from '../../db/schema.js';
import { releaseDueTerms } from '../../shared/term-release.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
let termId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  const db = t.database.db;
  const [term] = await db.insert(terms).values({ year: 2024, term: 3 }).returning();
  termId = term!.id;
  await db.insert(terms).values({ year: 2025, term: 1 });
  const [math] = await db.insert(subjects).values({ code: 'PMATH', title: 'Mathematics' }).returning();
  const [eng] = await db.insert(subjects).values({ code: 'PENG', title: 'English' }).returning();
  await db.insert(formSubjects).values([
    { subject_id: math!.id, form_level: 3 },
    { subject_id: eng!.id, form_level: 3 },
  ]);
  await createStudent(db, { id: 'P301', last_name: 'Ramdass', class_id: '3C' });
  await createStudent(db, { id: 'P302', last_name: 'Joseph', class_id: '3C' });
  await db.insert(termResults).values([
    {
      student_id: 'P301',
      term_id: termId,
      subject_id: math!.id,
      class_id: '3C',
      course_mark: '50',
      exam_mark: '60',
    },
    {
      student_id: 'P301',
      term_id: termId,
      subject_id: eng!.id,
      class_id: '3C',
      course_mark: '50',
      exam_mark: '60',
    },
    {
      student_id: 'P302',
      term_id: termId,
      subject_id: math!.id,
      class_id: '3C',
      course_mark: '50',
      exam_mark: '60',
    },
  ]);
});
afterAll(() => t.close());

const list = async () => (await admin.get('/api/term-reports-posted')).json<PostedTerm[]>();
const find = async () => (await list()).find((x) => x.id === termId)!;

describe('posting and removing term reports (spec section 4)', () => {
  it('lists terms newest first as the spec shapes them', async () => {
    const rows = await list();
    expect(rows.map((r) => `${r.year}-${r.term}`)).toEqual(['2025-1', '2024-3']);
    expect(rows[1]).toMatchObject({ year: 2024, term: 3, posted: 0, date_posted: null, release_at: null });
  });

  it('posts with the sv-SE local time of the school, then removes', async () => {
    const res = await admin.post('/api/post-term-reports', {
      year: 2024,
      term: 3,
      posted: 1,
      date_posted: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = timestampInZone(t.clock.now(), 'America/Port_of_Spain');
    expect(expected).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.json<PostedTerm>()).toMatchObject({ posted: 1, date_posted: expected });
    expect(await find()).toMatchObject({ posted: 1, date_posted: expected });

    const removed = await admin.post('/api/post-term-reports', { year: 2024, term: 3, posted: 0 });
    expect(removed.statusCode).toBe(200);
    expect(await find()).toMatchObject({ posted: 0, date_posted: null });
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['post_term', 'unpost_term']));
  });

  it('answers 4xx with a message for bad input', async () => {
    const cases: [object, number, RegExp][] = [
      [{ year: 2024, term: 3, posted: 2 }, 400, /posted is 1/],
      [{ year: 2024, term: 5, posted: 1 }, 400, /1, 2 or 3/],
      [{ year: 1999, term: 1, posted: 1 }, 400, /from 2000/],
      [{ year: 2030, term: 1, posted: 1 }, 404, /no 2030 Term 1/],
      [{ term: 1, posted: 1 }, 400, /year/],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post('/api/post-term-reports', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});

describe('scheduled release (D24)', () => {
  it('posts by itself when the clock reaches the chosen time', async () => {
    const at = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    const res = await admin.post(`/api/terms/${termId}/release`, { release_at: at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostedTerm>()).toMatchObject({ posted: 0, release_at: at });

    // (Sessions end after an hour idle, so the test moves by minutes, not days.)
    t.clock.advanceMinutes(29);
    expect(await releaseDueTerms(t.app.ctx)).toBe(0);
    expect(await find()).toMatchObject({ posted: 0, release_at: at });

    t.clock.advanceMinutes(1);
    // The list posts what has come due before it answers.
    expect(await find()).toMatchObject({
      posted: 1,
      release_at: null,
      date_posted: timestampInZone(t.clock.now(), 'America/Port_of_Spain'),
    });
    expect(await releaseDueTerms(t.app.ctx)).toBe(0);
    const posts = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'post_term'));
    expect(posts.at(-1)).toMatchObject({ actor_kind: 'system', actor_id: 'schedule' });
  });

  it('refuses a time in the past and a posted term; removing cancels a schedule', async () => {
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    await admin.post('/api/post-term-reports', { year: 2024, term: 3, posted: 0 });
    const refused = await admin.post(`/api/terms/${termId}/release`, { release_at: past });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/future/);
    expect((await admin.post(`/api/terms/${termId}/release`, { release_at: 'tomorrow' })).statusCode).toBe(
      400,
    );

    const later = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    expect((await admin.post(`/api/terms/${termId}/release`, { release_at: later })).statusCode).toBe(200);
    await admin.post('/api/post-term-reports', { year: 2024, term: 3, posted: 0 });
    expect(await find()).toMatchObject({ posted: 0, release_at: null });

    await admin.post('/api/post-term-reports', { year: 2024, term: 3, posted: 1 });
    expect((await admin.post(`/api/terms/${termId}/release`, { release_at: later })).statusCode).toBe(409);
  });
});

describe('the check before posting (D41)', () => {
  it('lists students with marks who lack a subject or a summary apart from those with none', async () => {
    const res = await admin.get(`/api/terms/${termId}/missing-results`);
    expect(res.statusCode).toBe(200);
    const check = res.json<PostingCheck>();
    expect(check.classes).toEqual([]);
    expect(check.incomplete.find((m) => m.id === 'P302')).toMatchObject({
      class_id: '3C',
      missing: ['PENG'],
      no_summary: true,
    });
    expect(check.incomplete.find((m) => m.id === 'P301')).toMatchObject({ missing: [], no_summary: true });
    expect((await admin.get('/api/terms/999999/missing-results')).statusCode).toBe(404);
  });
});

describe('posting and term set-up are the admin role’s (D44)', () => {
  it('answers 403 to the staff role and changes nothing', async () => {
    const staff = await t.signInStaff();
    const before = await find();
    const cases: [string, object][] = [
      ['/api/post-term-reports', { year: 2024, term: 3, posted: before.posted ? 0 : 1 }],
      [`/api/terms/${termId}/release`, { release_at: null }],
      ['/api/terms', { year: 2077, term: 1 }],
      [`/api/terms/${termId}`, { year: 2024, term: 3, sessions_possible: 99 }],
      ['/api/subjects', { code: 'STAFFX', title: 'Staff Studies' }],
      ['/api/form-subjects/remove', { id: 1 }],
    ];
    for (const [url, body] of cases) expect((await staff.post(url, body)).statusCode, url).toBe(403);
    expect((await staff.get(`/api/terms/${termId}/missing-results`)).statusCode).toBe(403);
    expect(await find()).toEqual(before);
    // Staff still read terms and subjects to enter marks.
    expect((await staff.get('/api/terms')).statusCode).toBe(200);
    expect((await staff.get('/api/subjects')).statusCode).toBe(200);
  });
});

describe('a release typed in the school’s time', () => {
  it('reads "yyyy-MM-dd HH:mm" on the school’s clock and answers it back in that form', async () => {
    await admin.post('/api/post-term-reports', { year: 2025, term: 1, posted: 0 });
    const next = (await list()).find((x) => x.year === 2025)!;
    const year = new Date(t.clock.now()).getUTCFullYear() + 1;
    const res = await admin.post(`/api/terms/${next.id}/release`, { release_at: `${year}-03-02 08:00` });
    expect(res.statusCode, res.body).toBe(200);
    // Port of Spain is UTC−4 all year.
    expect(res.json()).toMatchObject({
      release_at: `${year}-03-02T12:00:00.000Z`,
      release_at_school: `${year}-03-02 08:00`,
      time_zone: 'America/Port_of_Spain',
    });
    for (const bad of ['02/03/2026 08:00', `${year}-02-30 08:00`, `${year}-03-02 25:00`, '']) {
      const refused = await admin.post(`/api/terms/${next.id}/release`, { release_at: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/yyyy-MM-dd HH:mm/);
    }
    await admin.post(`/api/terms/${next.id}/release`, { release_at: null });
  });
});
