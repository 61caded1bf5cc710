import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { students } from '../db/schema.js';
import { studentAddresses } from '../mail/addresses.js';
import { createStaff } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { mailsTo } from '../features/password-links/link-kit.js';
import { DEMO_ADMIN_EMAIL } from './demo-contacts.js';
import { seedWholeDemo } from './demo-new-year.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The first start creates the administrator before the demo is seeded.
  await createStaff(t.database.db, 'admin');
  expect(await seedWholeDemo(t.app.ctx)).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe('the demo families’ e-mail addresses', () => {
  it('give most families a confirmed mother’s address and an unconfirmed father’s, and leave the rest to confirm', async () => {
    const db = t.database.db;
    const enrolled = await db.select({ id: students.id }).from(students).where(isNull(students.withdrawn_at));
    const addresses = await studentAddresses(
      db,
      enrolled.map((s) => s.id),
    );
    const confirmed = new Set(addresses.filter((a) => a.confirmed).map((a) => a.studentId));
    expect(confirmed.size / enrolled.length).toBeGreaterThan(0.75);
    expect(confirmed.size).toBeLessThan(enrolled.length);
    for (const a of addresses) expect(a.address).toMatch(/@example\.org$/);
    const fathers = addresses.filter((a) => a.field === 'email_father');
    expect(fathers.length).toBeGreaterThan(0);
    expect(fathers.some((a) => a.confirmed)).toBe(false);
  });

  it('give the administrator a confirmed address, so the staff forgotten-password link reaches it', async () => {
    const res = await t.agent().post('/api/admin/forgot-password', { username: 'admin' });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(t.database.db, DEMO_ADMIN_EMAIL);
    expect(mail?.kind).toBe('staff_password_reset_link');
  });
});
