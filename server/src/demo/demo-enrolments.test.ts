import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../features/rollover/freeze.js';
import { currentYear } from '../shared/school-years.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_LEAVER, DEMO_REPEATER, DEMO_TRANSFER } from './demo-last-year.js';
import { seedWholeDemo } from './demo-new-year.js';
import { demoNewIntake } from './demo-progress.js';
import { DEMO_PASSWORD, demoStudents } from './demo-school.js';

let t: TestApp;
let buildMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  expect(await seedWholeDemo(t.app.ctx)).toBe(true);
  buildMs = performance.now() - started;
}, 180_000);
afterAll(() => t.close());

const query = <T>(text: ReturnType<typeof sql>) => t.database.db.execute(text).then((r) => rowsOf<T>(r));

describe('the demo school over two years (D49)', () => {
  it('closed last year and opened this one through the rollover, this year holding every listed student', async () => {
    const { year } = await currentYear(t.database.db);
    const years = await query<{ year: number; state: string; opened_by: string | null }>(
      sql`SELECT year, state, opened_by FROM school_years ORDER BY year`,
    );
    expect(years).toEqual([
      { year: year - 1, state: 'closed', opened_by: null },
      { year, state: 'current', opened_by: 'admin' },
    ]);
    const now = await query<{ student_id: string; class_id: string; status: string; returning: boolean }>(
      sql`SELECT student_id, class_id, status, "returning" FROM year_enrolments WHERE is_current ORDER BY student_id`,
    );
    const listed = [...demoStudents(), ...demoNewIntake()].sort((a, b) => a.id.localeCompare(b.id));
    expect(now.map((r) => [r.student_id, r.class_id])).toEqual(listed.map((s) => [s.id, s.class_id]));
    // Form 1 are new this year; Forms 2–5 return; the repeater is in Form 3 again.
    expect(now.filter((r) => r.returning).map((r) => r.class_id[0])).not.toContain('1');
    expect(now.filter((r) => !r.returning).every((r) => r.class_id.startsWith('1'))).toBe(true);
    expect(now.find((r) => r.student_id === DEMO_REPEATER)).toMatchObject({
      class_id: '3A',
      status: 'repeating',
    });
    const statuses = await query<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM year_enrolments WHERE year = ${year - 1} GROUP BY status ORDER BY status`,
    );
    expect(statuses).toEqual([
      { status: 'enrolled', n: 48 },
      { status: 'graduated', n: 12 },
      { status: 'left', n: 1 },
      { status: 'transferred', n: 1 },
    ]);
    const transfer = await query<{ status_note: string }>(
      sql`SELECT status_note FROM enrolments WHERE student_id = ${DEMO_TRANSFER.id}`,
    );
    expect(transfer).toEqual([{ status_note: DEMO_TRANSFER.school }]);
  });

  it('took the new Form 1 through Import Students, and last year is frozen as it ended', async () => {
    const admin = await t.signInAdmin();
    const history = (await admin.get('/api/students/imports')).json<{ added: number; file_name: string }[]>();
    expect(history).toEqual([
      expect.objectContaining({ added: 52, file_name: expect.stringMatching(/^Form 1/) }),
    ]);
    // A returning Form 3 student registered last year: the frozen row keeps every step, the photo is archived.
    const [frozen] = await query<{ steps: Record<string, string | null>; terms: { agreed: number } }>(
      sql`SELECT steps, terms FROM enrolments WHERE student_id = '2026028' AND year = (SELECT min(year) FROM school_years)`,
    );
    expect(Object.values(frozen!.steps).every(Boolean)).toBe(true);
    expect(frozen!.terms.agreed).toBe(1);
    const archived = await query<{ type: string }>(
      sql`SELECT type FROM uploaded_files WHERE year IS NOT NULL`,
    );
    expect(new Set(archived.map((f) => f.type))).toEqual(new Set(['picture']));
  });

  it('has returning families part way: steps confirmed unchanged, a number changed, the terms agreed by a few', async () => {
    const stamps = await query<{ student_id: string; steps: number }>(
      sql`SELECT student_id, (SELECT count(*) FROM jsonb_object_keys(unchanged))::int AS steps
          FROM year_enrolments WHERE is_current AND "returning" ORDER BY student_id`,
    );
    const confirmed = stamps.filter((s) => s.steps > 0);
    expect(confirmed.length).toBeGreaterThanOrEqual(8);
    expect(confirmed.some((s) => s.steps === 4)).toBe(true);
    expect(stamps.some((s) => s.steps === 0 && s.student_id.startsWith('2026'))).toBe(true);
    const agreed = await query<{ id: string }>(
      sql`SELECT s.id FROM students s JOIN year_enrolments e ON e.student_id = s.id AND e.is_current
          WHERE e."returning" AND s.agree_terms_conditions = 1`,
    );
    expect(agreed.length).toBe(3);
    const changed = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE field = 'mobile_phone_mother' AND actor_kind = 'student'`,
    );
    expect(changed[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('lets the leaver sign in and read last year’s report card, and nothing else', async () => {
    const leaver = t.agent();
    const login = await leaver.post('/api/login-student', {
      student_id: DEMO_LEAVER,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const terms = await leaver.get(`/api/report-card-terms/${DEMO_LEAVER}`);
    expect(terms.statusCode, terms.body).toBe(200);
    const posted = terms.json<{ year: number; term: number; posted: number }[]>().filter((x) => x.posted);
    expect(posted.length).toBe(1);
    const card = await leaver.get(`/api/report-card/${DEMO_LEAVER}/${posted[0]!.year}/${posted[0]!.term}`);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    const save = await leaver.post('/api/student', { id: DEMO_LEAVER, phone_home: '6251234' });
    expect(save.statusCode).toBe(403);
  });

  it('builds in reasonable time', () => {
    console.log(`demo school built in ${(buildMs / 1000).toFixed(1)} s`);
    expect(buildMs).toBeLessThan(120_000);
  });
});
