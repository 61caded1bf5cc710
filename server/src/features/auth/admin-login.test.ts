import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sp/domain';
import { createStaff } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ensureAdminUser } from '../../shared/staff-users.js';
import { auditLog, staffSignIns, staffUsers } from '../../db/schema.js';
import { giveTotp } from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/admin-login', () => {
  it("signs in staff and answers name 'Admin'", async () => {
    const admin = await createStaff(t.database.db, 'Registrar', 'Staff-pass-123');
    const agent = t.agent();
    const res = await agent.post('/api/admin-login', { name: 'registrar', password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Admin',
      username: 'Registrar',
      full_name: 'Maria Admin',
      password_reset: 0,
      second_factor: null,
    });
    expect((await agent.get('/api/students')).statusCode).toBe(200);
  });

  it('with a second factor, a right password signs nobody in: no last sign-in, no history row yet', async () => {
    const user = await createStaff(t.database.db);
    await giveTotp(t.database.db, user.id, t.clock.now());
    const agent = t.agent();
    const res = await agent.post('/api/admin-login', { name: user.username, password: user.password });
    expect(res.json()).toEqual({
      name: 'Admin',
      username: user.username,
      full_name: 'Maria Admin',
      password_reset: 0,
      second_factor: 'code',
    });
    expect(agent.sessionCookie).toBeTruthy();
    expect((await agent.get('/api/students')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row?.last_login_at).toBeNull();
    expect(
      await t.database.db.select().from(staffSignIns).where(eq(staffSignIns.staff_user_id, user.id)),
    ).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin_login'), eq(auditLog.actor_id, user.username)));
    expect(audit?.detail).toEqual({ step: 'password', second_factor: 'pending' });
  });

  it("a browser signed in as one account that gives another's right password is that account's no longer", async () => {
    const agent = await t.signInStaff();
    const before = agent.sessionCookie;
    const other = await createStaff(t.database.db);
    await giveTotp(t.database.db, other.id, t.clock.now());
    const res = await agent.post('/api/admin-login', { name: other.username, password: other.password });
    expect(res.json().second_factor).toBe('code');
    expect(agent.sessionCookie).not.toBe(before);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    await createStaff(t.database.db, 'bursar', 'Staff-pass-123');
    const wrong = await t.agent().post('/api/admin-login', { name: 'bursar', password: 'nope-nope-nope' });
    const unknown = await t.agent().post('/api/admin-login', { name: 'ghost', password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(messages.adminLoginFailed);
    expect(unknown.json().message).toBe(messages.adminLoginFailed);
  });

  it.each([
    ['an empty username', { name: '', password: 'x' }, messages.usernameEmpty],
    ['no username', { password: 'x' }, messages.usernameEmpty],
    ['a username of the wrong type', { name: ['admin'], password: 'x' }, undefined],
    ['an overlong username', { name: 'a'.repeat(51), password: 'x' }, undefined],
    ['no password', { name: 'admin' }, messages.required],
  ])('answers 400 for %s', async (_n, body, message) => {
    const res = await t.agent().post('/api/admin-login', body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('answers 429 at the 11th attempt for one username from several addresses', async () => {
    await createStaff(t.database.db, 'deputy', 'Staff-pass-123');
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.agent().post('/api/admin-login', { name: 'deputy', password: `bad-${i}-pass` })).statusCode,
      ).toBe(401);
    }
    expect(
      (await t.agent().post('/api/admin-login', { name: 'deputy', password: 'Staff-pass-123' })).statusCode,
    ).toBe(429);
    t.clock.advanceMinutes(16);
  });

  it('creates the first admin once, with the given or a random password', async () => {
    const first = await ensureAdminUser(t.database.db, undefined, new Date());
    expect(first).toMatchObject({ username: 'admin', generated: true });
    expect(first!.password.length).toBeGreaterThanOrEqual(12);
    expect(await ensureAdminUser(t.database.db, 'Other-pass-123', new Date())).toBeNull();
    const res = await t.agent().post('/api/admin-login', { name: 'admin', password: first!.password });
    expect(res.statusCode).toBe(200);
  });
});
