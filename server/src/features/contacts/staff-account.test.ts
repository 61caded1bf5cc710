import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { latestLink } from '../password-links/link-kit.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setEmail = (agent: Awaited<ReturnType<TestApp['signInStaff']>>, email: unknown) =>
  agent.request('PUT', '/api/admin/account/email', { body: { email } });

describe('a staff member’s own e-mail address', () => {
  it('is saved, confirmed by link, and no longer confirmed once changed', async () => {
    const agent = await t.signInStaff();
    const start = (await agent.get('/api/admin/account')).json();
    expect(start).toMatchObject({ full_name: 'Keisha Staff', email: null, email_confirmed: false });

    const saved = await setEmail(agent, ' Keisha@Example.com ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'keisha@example.com', email_confirmed: false });
    const { row, page, token } = await latestLink(db(), 'keisha@example.com');
    expect([row.kind, row.student_id, page]).toEqual(['confirm_address', null, '/confirm-email']);

    expect((await t.agent().post('/api/mail/confirm', { token })).json()).toEqual({
      address: 'keisha@example.com',
      kind: 'staff',
    });
    expect((await agent.get('/api/admin/account')).json()).toMatchObject({ email_confirmed: true });

    await setEmail(agent, 'keisha.new@example.com');
    expect((await agent.get('/api/admin/account')).json()).toMatchObject({
      email: 'keisha.new@example.com',
      email_confirmed: false,
    });
    const audit = await db()
      .select({ old: auditLog.old_value, now: auditLog.new_value })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_email_change'), eq(auditLog.actor_id, start.username)));
    expect(audit).toEqual([
      { old: null, now: 'keisha@example.com' },
      { old: 'keisha@example.com', now: 'keisha.new@example.com' },
    ]);
  });

  it('refuses an address that is not one, with the field named', async () => {
    const agent = await t.signInStaff();
    for (const email of ['not-an-address', '', 'a@b', `${'x'.repeat(250)}@example.com`]) {
      const res = await setEmail(agent, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors[0].field).toBe('email');
    }
    expect((await agent.get('/api/admin/account')).json().email).toBeNull();
  });
});
