import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRESH_FACTOR_FIELD,
  messages,
  secondFactorMessages,
  type StaffSignIn,
  type StaffUser,
} from '@sp/domain';
import {
  auditLog,
  confirmedAddresses,
  sessions,
  staffPasskeys,
  staffRecoveryCodes,
  staffTotp,
  staffUsers,
} from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { writeSetting } from '../../shared/settings.js';
import { createStaff } from '../../test/factories.js';
import { queued } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { giveSecondFactor } from '../../test/second-factor-fixtures.js';

let t: TestApp;
let adminB: Agent;
beforeAll(async () => {
  t = await createTestApp();
  adminB = await t.signInAdmin();
});
afterAll(() => t.close());

const reset = (id: number | string, by: Agent = adminB) =>
  by.post(`/api/staff-users/${id}/second-factor/reset`, {});

/** An administrator with a confirmed address, signed in by password. */
async function signedInAdmin(address?: string) {
  const user = await createStaff(t.database.db);
  if (address) {
    await t.database.db.update(staffUsers).set({ email: address }).where(eq(staffUsers.id, user.id));
    await t.database.db
      .insert(confirmedAddresses)
      .values({ owner_kind: 'staff', owner_id: String(user.id), address, confirmed_at: new Date() });
  }
  const agent = t.agent();
  expect(
    (await agent.post('/api/admin-login', { name: user.username, password: user.password })).statusCode,
  ).toBe(200);
  return { ...user, agent };
}

const listed = async (id: number) =>
  (await adminB.get('/api/staff-users')).json<StaffUser[]>().find((u) => u.id === id)!;

describe('resetting another staff member’s second factor (D51)', () => {
  it('removes the factor, ends the account’s sessions, is audited and e-mails the person', async () => {
    const a = await signedInAdmin('maria.a@example.com');
    await giveSecondFactor(t.database.db, a.id, { passkeys: 2 });
    // A second browser of A's, and one waiting for its code: both end with the reset.
    const other = t.agent();
    const waiting = await other.post('/api/admin-login', { name: a.username, password: a.password });
    expect(waiting.json()).toMatchObject({ second_factor: 'code' });
    expect(await listed(a.id)).toMatchObject({ second_factor: { totp: true, passkeys: 2 } });

    const res = await reset(a.id);
    expect(res.statusCode, res.body).toBe(204);

    expect((await a.agent.get('/api/students')).statusCode).toBe(401);
    const code = await other.post('/api/admin-login/second-factor', { code: '123456' });
    expect(code.statusCode).toBe(401);
    expect(code.json()).toEqual({ message: secondFactorMessages.noPendingSignIn });
    const db = t.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.staff_user_id, a.id))).toEqual([]);
    for (const table of [staffTotp, staffPasskeys, staffRecoveryCodes])
      expect(await db.select().from(table).where(eq(table.staff_user_id, a.id))).toEqual([]);
    expect(await listed(a.id)).toMatchObject({ second_factor: { totp: false, passkeys: 0 } });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_user'), eq(auditLog.field, 'second_factor')));
    expect(audit).toMatchObject({ old_value: 'authenticator app, 2 passkeys', new_value: 'none' });
    expect(audit!.detail).toMatchObject({ staff_user: a.username });

    const history = (await adminB.get(`/api/staff-users/${a.id}/sign-ins`)).json<StaffSignIn[]>();
    expect(history[0]!.outcome).toBe('second_factor_reset');

    const [mail] = (await queued(db, 'second_factor_reset')).filter((m) => m.to === 'maria.a@example.com');
    expect(mail!.subject).toBe('Your second factor was reset');
    expect(mail!.text).toContain('Maria Admin has reset the second factor');
    expect(mail!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');

    // Nothing is left to reset.
    const again = await reset(a.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: secondFactorMessages.noFactorToReset });
  });

  it('after the reset the person signs in with the password alone and, as an administrator, sets up a new one', async () => {
    const a = await signedInAdmin();
    await giveSecondFactor(t.database.db, a.id);
    expect((await reset(a.id)).statusCode).toBe(204);
    await writeSetting(t.database.db, 'second_factor_policy', 'admins', t.clock.now());
    try {
      const login = await t.agent().post('/api/admin-login', { name: a.username, password: a.password });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({ second_factor: 'enrol' });
    } finally {
      await writeSetting(t.database.db, 'second_factor_policy', 'optional', t.clock.now());
    }
  });

  it('two administrators resetting one account at once: one resets it, the other is told there is nothing left', async () => {
    const a = await signedInAdmin();
    await giveSecondFactor(t.database.db, a.id);
    const adminC = await t.signInAdmin();
    const statuses = (await Promise.all([reset(a.id), reset(a.id, adminC)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([204, 409]);
    const history = (await adminB.get(`/api/staff-users/${a.id}/sign-ins`)).json<StaffSignIn[]>();
    expect(history.filter((h) => h.outcome === 'second_factor_reset')).toHaveLength(1);
  });

  it('an account without a confirmed address is reset without an e-mail', async () => {
    const a = await signedInAdmin();
    await giveSecondFactor(t.database.db, a.id, { totp: false, passkeys: 1 });
    const before = (await queued(t.database.db, 'second_factor_reset')).length;
    expect((await reset(a.id)).statusCode).toBe(204);
    expect(await queued(t.database.db, 'second_factor_reset')).toHaveLength(before);
  });

  it('refuses one’s own account, an account with none, an unknown account, a bad id and the staff role', async () => {
    const self = await signedInAdmin();
    // The page learns its own account from the session, and offers no reset on that row.
    expect((await self.agent.get('/api/me')).json()).toMatchObject({ staff_user_id: self.id });
    const own = await reset(self.id, self.agent);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: secondFactorMessages.notOwnReset });

    const none = await createStaff(t.database.db, undefined, undefined, 'staff');
    expect((await reset(none.id)).statusCode).toBe(409);
    expect((await reset(999999)).statusCode).toBe(404);
    expect((await reset('abc')).statusCode).toBe(400);

    const victim = await signedInAdmin();
    await giveSecondFactor(t.database.db, victim.id);
    const staff = await t.signInStaff();
    const refused = await reset(victim.id, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.forbidden });
    expect((await victim.agent.get('/api/students')).statusCode).toBe(200);
  });
});

describe('sensitive administration asks for the second factor again (D51)', () => {
  it('an administrator with a factor and no recent one is asked on writes, not on reads', async () => {
    const c = await signedInAdmin();
    // Set up after this session signed in: the session never gave it.
    await giveSecondFactor(t.database.db, c.id);
    const other = await createStaff(t.database.db, undefined, undefined, 'staff');
    const asked = [
      await c.agent.post('/api/settings', { second_factor_policy: 'all' }),
      await c.agent.post('/api/settings/registration-windows', {
        form_level: 1,
        open: true,
        deadline: null,
        note: '',
      }),
      await c.agent.request('DELETE', '/api/settings/logo'),
      await c.agent.post('/api/staff-users', { username: 'asked.again', full_name: 'A B', role: 'staff' }),
      await c.agent.post(`/api/staff-users/${other.id}`, { full_name: 'Changed' }),
      await c.agent.post(`/api/staff-users/${other.id}/reset-password`, {}),
      await c.agent.get('/api/registration-data-spreadsheet'),
      await c.agent.get('/api/backups/latest'),
    ];
    for (const res of asked) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        message: secondFactorMessages.freshRequired,
        errors: [{ field: FRESH_FACTOR_FIELD, message: secondFactorMessages.freshRequired }],
      });
    }
    expect((await c.agent.get('/api/settings')).statusCode).toBe(200);
    expect((await c.agent.get('/api/staff-users')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, other.id));
    expect(row!.full_name).not.toBe('Changed');
  });
});
