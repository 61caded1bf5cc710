import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { currentYear } from '../../shared/school-years.js';
import { addClasses, confirmBody, preview, put, student } from '../../test/rollover-kit.js';

let t: TestApp;
let admin: Agent;
let pupil: { id: string };
const db = () => t.database.db;
/** Moves the fake clock to an instant. */
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());

beforeAll(async () => {
  t = await createTestApp({ SCHOOL_TIMEZONE: 'America/Port_of_Spain' });
  admin = await t.signInAdmin();
  await addClasses(db());
  pupil = await student(db(), '1A');
});
afterAll(() => t.close());

describe('a year is closed only once it has started', () => {
  it('refuses to close the year a rollover has just opened, and says from when it can be', async () => {
    const { year } = await currentYear(db());
    setClock(`${year}-11-10T14:00:00Z`);
    const first = await preview(admin);
    expect(first).toMatchObject({ can_close: true, close_refused: null });
    const firstBody = await confirmBody(db(), first.plan_hash);
    expect((await admin.post('/api/admin/rollover', firstBody)).statusCode).toBe(200);

    const next = `${year + 1}-${year + 2}`;
    const message = `${next} starts on 1 September ${year + 1}: it can be closed from then.`;
    const again = await preview(admin);
    expect(again).toMatchObject({ can_close: false, close_refused: message });
    const refused = await admin.post('/api/admin/rollover', await confirmBody(db(), again.plan_hash));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(message);
    expect((await currentYear(db())).year).toBe(year + 1);
    // A retry of the first confirm still answers that it was done.
    const retry = await admin.post('/api/admin/rollover', firstBody);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().already).toBe(true);
  });

  it('keeps marks and class moves editable while the year cannot be closed', async () => {
    expect(
      (await put(admin, `/api/admin/rollover/marks/${pupil.id}`, { mark: 'repeating' })).statusCode,
    ).toBe(200);
    const moves = await put(admin, '/api/admin/rollover/class-moves', [{ from: '2A', to: '2B' }]);
    expect(moves.statusCode, moves.body).toBe(200);
  });

  it('closes it from its first day at the school, not the evening before', async () => {
    const { year } = await currentYear(db());
    // 23:59 on 31 August at the school (UTC-4) is already 1 September in UTC.
    setClock(`${year}-09-01T03:59:00Z`);
    admin = await t.signInAdmin();
    const eve = await preview(admin);
    expect(eve.can_close).toBe(false);
    const refused = await admin.post('/api/admin/rollover', await confirmBody(db(), eve.plan_hash));
    expect(refused.statusCode).toBe(409);
    setClock(`${year}-09-01T04:00:00Z`);
    const day = await preview(admin);
    expect(day).toMatchObject({ can_close: true, close_refused: null });
    const closed = await admin.post('/api/admin/rollover', await confirmBody(db(), day.plan_hash));
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await currentYear(db())).year).toBe(year + 1);
  });
});
