import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PostingCheck } from '@sp/domain';
import { formSubjects, students, subjects, termLeftOut, termResults, terms } from '../../db/schema.js';
import { releaseDueTerms } from '../../shared/term-release.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * D41 when a term is posted more than once, or posts itself: a card a family can read is not taken away by
 * posting again unless the admin un-ticks its class; a release records whom it leaves out like a posting by
 * hand; students in no class can be included; the choice is made with the term locked.
 */
let t: TestApp;
let office: Agent;
let principal: Agent;
let mathId: number;
const termIds: Record<number, number> = {};
const family: Record<string, Agent> = {};

beforeAll(async () => {
  t = await createTestApp();
  office = await t.signInAdmin();
  principal = await t.signInAdmin();
  const db = t.database.db;
  for (const term of [2, 3]) {
    const [row] = await db.insert(terms).values({ year: 2025, term, sessions_possible: 120 }).returning();
    termIds[term] = row!.id;
  }
  const [math] = await db.insert(subjects).values({ code: 'RMATH', title: 'Mathematics' }).returning();
  mathId = math!.id;
  await db.insert(formSubjects).values([1, 2].map((form_level) => ({ subject_id: mathId, form_level })));
  const people: [string, string][] = [
    ['R101', '1A'],
    ['R102', '1A'],
    ['R201', '2B'],
    ['R301', '1A'],
  ];
  for (const [id, class_id] of people) {
    await createStudent(db, { id, class_id, password: 'Family-pass-2025' });
    const agent = t.agent();
    const res = await agent.post('/api/login-student', { student_id: id, password: 'Family-pass-2025' });
    if (res.statusCode !== 200) throw new Error(`sign-in ${id}: ${res.statusCode} ${res.body}`);
    family[id] = agent;
  }
  // R202 never signs in; R301 has left every class, and their rows name none.
  await createStudent(db, { id: 'R202', class_id: '2B' });
  await db.update(students).set({ class_id: null }).where(eq(students.id, 'R301'));
  for (const term of [2, 3]) {
    const row = (student_id: string, class_id: string | null) => ({
      student_id,
      term_id: termIds[term]!,
      subject_id: mathId,
      class_id,
    });
    await db
      .insert(termResults)
      .values([
        { ...row('R101', '1A'), course_mark: '80', exam_mark: '70' },
        row('R102', '1A'),
        row('R201', '2B'),
        row('R301', null),
      ]);
  }
});
afterAll(() => t.close());

const check = async (term = 2) =>
  (await office.get(`/api/terms/${termIds[term]}/missing-results`)).json<PostingCheck>();
const post = (who: Agent, body: object = {}, term = 2) =>
  who.post('/api/post-term-reports', { year: 2025, term, posted: 1, ...body });
const card = async (id: string, term = 2) =>
  (await family[id]!.get(`/api/report-card/${id}/2025/${term}`)).statusCode;

describe('posting again starts from the classes the current posting included (two actors)', () => {
  it('says which classes are included, and a re-post keeps their cards unless un-ticked', async () => {
    expect((await check()).included).toEqual({ all: false, classes: [] });
    expect((await post(office, { include_classes: ['2B'] })).statusCode).toBe(200);
    expect(await card('R201')).toBe(200);

    // Another admin opens the dialog later: the check says 2B is included, so it is ticked already.
    const seen = (await principal.get(`/api/terms/${termIds[2]}/missing-results`)).json<PostingCheck>();
    expect(seen.included).toEqual({ all: false, classes: ['2B'] });
    expect((await post(principal, { include_classes: [...seen.included.classes, '1A'] })).statusCode).toBe(
      200,
    );
    expect(await card('R201')).toBe(200);
    expect(await card('R102')).toBe(200);

    // A re-post that names no inclusion (a script, an older screen) keeps the current one.
    expect((await post(principal)).statusCode).toBe(200);
    expect(await card('R201')).toBe(200);
    expect((await check()).included.classes).toEqual(['1A', '2B']);

    // Only an explicit un-tick takes the card away.
    expect((await post(principal, { include_classes: ['1A'] })).statusCode).toBe(200);
    expect(await card('R201')).toBe(403);
    expect(await card('R102')).toBe(200);
  });

  it('keeps "every class" on a re-post that names nothing', async () => {
    expect((await post(office, { include_all: true })).statusCode).toBe(200);
    expect((await check()).included).toEqual({ all: true, classes: [] });
    expect((await post(principal)).statusCode).toBe(200);
    expect(await card('R201')).toBe(200);
    expect(await card('R301')).toBe(200);
  });
});

describe('students in no class', () => {
  it('are included with include_no_class, and the check says so', async () => {
    expect((await post(office, { include_classes: [] })).statusCode).toBe(200);
    expect(await card('R301')).toBe(403);
    expect((await check()).classes.map((c) => c.class_id)).toContain('');

    const res = await post(office, { include_no_class: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await card('R301')).toBe(200);
    expect(await card('R201')).toBe(403);
    expect((await check()).included).toEqual({ all: false, classes: [''] });
  });

  it('refuses an empty class name and a bad include_no_class', async () => {
    expect((await post(office, { include_classes: [''] })).statusCode).toBe(400);
    const bad = await post(office, { include_no_class: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/include_no_class/);
  });
});

describe('a scheduled release records whom it leaves out, like a posting by hand', () => {
  it('writes term_left_out when it posts; marks entered later wait for a re-post', async () => {
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await office.post(`/api/terms/${termIds[3]}/release`, { release_at: at })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect(await releaseDueTerms(t.app.ctx)).toBe(1);

    const db = t.database.db;
    const [term] = await db.select().from(terms).where(eq(terms.id, termIds[3]!));
    expect(term).toMatchObject({ posted: 1, left_out_recorded: true, include_all: false });
    const out = await db.select().from(termLeftOut).where(eq(termLeftOut.term_id, termIds[3]!));
    expect(out.map((r) => r.student_id).sort()).toEqual(['R102', 'R201', 'R202', 'R301']);
    expect(await card('R101', 3)).toBe(200);

    // The form teacher's mark arrives after the release: as after a posting by hand, no card until re-posted.
    await db
      .update(termResults)
      .set({ course_mark: '50', exam_mark: '60' })
      .where(and(eq(termResults.student_id, 'R201'), eq(termResults.term_id, termIds[3]!)));
    expect(await card('R201', 3)).toBe(403);
    expect((await post(office, {}, 3)).statusCode).toBe(200);
    expect(await card('R201', 3)).toBe(200);
  });
});

describe('whom a posting leaves out is worked out with the term locked', () => {
  it('sees a student deleted and a mark entered just before the posting takes the lock', async () => {
    const db = t.app.ctx.db;
    const original = db.transaction.bind(db);
    let acted = false;
    // Another admin deletes R202 and a teacher enters R102's mark between the request and its transaction.
    db.transaction = (async (...args: Parameters<typeof original>) => {
      if (!acted) {
        acted = true;
        await db.delete(students).where(eq(students.id, 'R202'));
        await db
          .update(termResults)
          .set({ course_mark: '40', exam_mark: '45' })
          .where(and(eq(termResults.student_id, 'R102'), eq(termResults.term_id, termIds[2]!)));
      }
      return original(...args);
    }) as typeof db.transaction;
    try {
      const res = await post(office, { include_classes: [] });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      db.transaction = original;
    }
    expect(acted).toBe(true);
    expect(await card('R102')).toBe(200);
    expect((await check()).left_out.sort()).toEqual(['R201', 'R301']);
  });
});
