import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  staffMessages,
  STAFF_SIGN_INS_KEPT,
  type OneTimePassword,
  type StaffUser,
} from '@sp/domain';
import { auditLog, staffSignIns, staffUsers } from '../../db/schema.js';
import { systemActor } from '../../plugins/auth.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import type { Agent } from '../../test/agent.js';
import { createStaff } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { updateStaffUser } from './staff-accounts.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

let n = 0;
const username = () => `teacher.${Date.now() % 100000}.${++n}`;

async function addStaff(role: 'admin' | 'staff' = 'staff'): Promise<OneTimePassword> {
  const res = await admin.post('/api/staff-users', {
    username: username(),
    full_name: 'Keisha Mohammed',
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OneTimePassword>();
}

/** Signs in with the one-time password and chooses a new one; returns the full session. */
async function signInFirstTime(created: OneTimePassword, newPassword = 'Mango-tree-77'): Promise<Agent> {
  const agent = t.agent();
  const login = await agent.post('/api/admin-login', {
    name: created.user.username,
    password: created.password,
  });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json()).toMatchObject({ password_reset: 1 });
  const change = await agent.post('/api/change-password-staff', { password: newPassword });
  expect(change.statusCode, change.body).toBe(200);
  return agent;
}

const update = (id: number, body: unknown, by: Agent = admin) => by.post(`/api/staff-users/${id}`, body);

describe('roles (D22)', () => {
  it('the staff role gets the students table but not staff accounts or the export', async () => {
    const staff = await t.signInStaff();
    expect((await staff.get('/api/students')).statusCode).toBe(200);
    for (const url of ['/api/staff-users', '/api/registration-data-spreadsheet']) {
      const res = await staff.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    }
    const create = await staff.post('/api/staff-users', {
      username: username(),
      full_name: 'X Y',
      role: 'admin',
    });
    expect(create.statusCode).toBe(403);
    expect((await staff.get('/api/me')).json()).toMatchObject({ kind: 'staff', role: 'staff' });
  });

  it('a changed role counts from the account’s next request, without signing in again', async () => {
    const created = await addStaff('admin');
    const agent = await signInFirstTime(created);
    expect((await agent.get('/api/staff-users')).statusCode).toBe(200);
    expect((await update(created.user.id, { role: 'staff' })).json()).toMatchObject({ role: 'staff' });
    expect((await agent.get('/api/staff-users')).statusCode).toBe(403);
    expect((await agent.get('/api/me')).json()).toMatchObject({ role: 'staff' });
    expect((await agent.get('/api/students')).statusCode).toBe(200);
  });
});

describe('one-time passwords', () => {
  it('a new account signs in once with its password and must choose a new one first', async () => {
    const created = await addStaff();
    expect(created.user).toMatchObject({
      role: 'staff',
      active: true,
      password_reset: true,
      last_login_at: null,
    });
    expect(created.password.length).toBeGreaterThanOrEqual(12);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, created.user.id));
    expect(row!.password_hash).not.toContain(created.password);

    const agent = t.agent();
    await agent.post('/api/admin-login', { name: created.user.username, password: created.password });
    expect((await agent.get('/api/me')).json()).toMatchObject({ limited: true, role: 'staff' });
    const refused = await agent.get('/api/students');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.passwordChangeRequired });

    // The same rules as students' passwords, and not the one-time password again.
    for (const [password, message] of [
      ['short', messages.passwordTooShort],
      [created.user.username, messages.passwordIsUsername],
      ['password123', messages.passwordTooCommon],
      [created.password, staffMessages.samePassword],
    ] as const) {
      const res = await agent.post('/api/change-password-staff', { password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect((await agent.post('/api/change-password-staff', { password: 'Mango-tree-77' })).statusCode).toBe(
      200,
    );
    expect((await agent.get('/api/students')).statusCode).toBe(200);
    expect((await agent.get('/api/me')).json()).toMatchObject({ limited: false });

    // The one-time password is spent.
    const again = await t
      .agent()
      .post('/api/admin-login', { name: created.user.username, password: created.password });
    expect(again.statusCode).toBe(401);
    const full = await t
      .agent()
      .post('/api/admin-login', { name: created.user.username, password: 'Mango-tree-77' });
    expect(full.json()).toMatchObject({ password_reset: 0 });
  });

  it('a reset gives a new one-time password and ends the account’s sessions', async () => {
    const created = await addStaff();
    const agent = await signInFirstTime(created);
    const res = await admin.post(`/api/staff-users/${created.user.id}/reset-password`, {});
    expect(res.statusCode, res.body).toBe(200);
    const reset = res.json<OneTimePassword>();
    expect(reset.password).not.toBe(created.password);
    expect(reset.user.password_reset).toBe(true);
    expect((await agent.get('/api/students')).statusCode).toBe(401);
    const login = await t
      .agent()
      .post('/api/admin-login', { name: created.user.username, password: reset.password });
    expect(login.json()).toMatchObject({ password_reset: 1 });
    expect((await admin.post('/api/staff-users/999999/reset-password', {})).statusCode).toBe(404);
  });

  it('staff change their own password with the current one; a wrong one counts as a failed attempt', async () => {
    const created = await addStaff();
    const agent = await signInFirstTime(created, 'First-choice-81');
    const missing = await agent.post('/api/change-password-staff', { password: 'Second-choice-82' });
    expect(missing.statusCode).toBe(400);
    const wrong = await agent.post('/api/change-password-staff', {
      old_password: 'not-it-at-all',
      password: 'Second-choice-82',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: messages.wrongOldPassword });
    const ok = await agent.post('/api/change-password-staff', {
      old_password: 'First-choice-81',
      password: 'Second-choice-82',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await agent.get('/api/students')).statusCode).toBe(200);
    const history = await admin.get(`/api/staff-users/${created.user.id}/sign-ins`);
    expect(history.json<{ outcome: string }[]>().map((h) => h.outcome)).toContain('wrong_current_password');
    // A student session cannot use the staff route.
    const { agent: student } = await t.signInStudent();
    expect(
      (await student.post('/api/change-password-staff', { password: 'Third-choice-83' })).statusCode,
    ).toBe(403);
  });
});

describe('deactivation', () => {
  it('ends the account’s sessions at once and refuses its sign-in until reactivated', async () => {
    const created = await addStaff();
    const agent = await signInFirstTime(created);
    const second = t.agent();
    await second.post('/api/admin-login', { name: created.user.username, password: 'Mango-tree-77' });
    expect((await agent.get('/api/students')).statusCode).toBe(200);

    const res = await update(created.user.id, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffUser>().active).toBe(false);
    for (const session of [agent, second]) {
      const next = await session.get('/api/students');
      expect(next.statusCode).toBe(401);
      expect((await session.get('/api/me')).statusCode).toBe(401);
    }
    const login = await t
      .agent()
      .post('/api/admin-login', { name: created.user.username, password: 'Mango-tree-77' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: staffMessages.accountInactive });
    // A wrong password says nothing about the account.
    const wrong = await t
      .agent()
      .post('/api/admin-login', { name: created.user.username, password: 'Guess-wrong-1' });
    expect(wrong.json()).toEqual({ message: messages.adminLoginFailed });

    expect((await update(created.user.id, { active: true })).statusCode).toBe(200);
    const back = await t
      .agent()
      .post('/api/admin-login', { name: created.user.username, password: 'Mango-tree-77' });
    expect(back.statusCode).toBe(200);
  });

  it('the last active administrator can be neither deactivated nor demoted', async () => {
    const t2 = await createTestApp();
    try {
      const only = await createStaff(t2.database.db, 'office.admin');
      const agent = t2.agent();
      await agent.post('/api/admin-login', { name: only.username, password: only.password });
      for (const change of [{ active: false }, { role: 'staff' }]) {
        const res = await agent.post(`/api/staff-users/${only.id}`, change);
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json()).toEqual({ message: staffMessages.lastAdmin });
      }
      // With a second administrator, either may step down; then the other is the last one.
      const deputy = await createStaff(t2.database.db, 'deputy.admin');
      expect((await agent.post(`/api/staff-users/${deputy.id}`, { role: 'staff' })).statusCode).toBe(200);
      expect((await agent.post(`/api/staff-users/${only.id}`, { active: false })).statusCode).toBe(409);
      expect((await agent.post(`/api/staff-users/${deputy.id}`, { role: 'admin' })).statusCode).toBe(200);
      expect((await agent.post(`/api/staff-users/${only.id}`, { role: 'staff' })).statusCode).toBe(200);
      const [still] = await t2.database.db.select().from(staffUsers).where(eq(staffUsers.id, deputy.id));
      expect(still).toMatchObject({ role: 'admin', active: true });

      // Two administrators deactivating each other at the same moment: one of them stays.
      const other = await createStaff(t2.database.db, 'bursar.admin');
      const otherAgent = t2.agent();
      await otherAgent.post('/api/admin-login', { name: other.username, password: other.password });
      const deputyAgent = t2.agent();
      await deputyAgent.post('/api/admin-login', { name: deputy.username, password: deputy.password });
      const answers = await Promise.all([
        deputyAgent.post(`/api/staff-users/${other.id}`, { active: false }),
        otherAgent.post(`/api/staff-users/${deputy.id}`, { active: false }),
      ]);
      // The other request is refused: by the lock (409) or, when the first had finished before it started,
      // because its own session has ended (401, or 403 for the security token of the ended session).
      const [first, second] = answers.map((a) => a.statusCode).sort();
      expect(first).toBe(200);
      expect([401, 403, 409]).toContain(second);
      const active = await t2.database.db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.active, true)));
      expect(active).toHaveLength(1);

      // The same race without the guards in the way: the lock alone keeps one administrator.
      const last = await createStaff(t2.database.db, 'head.of.year');
      const both = await Promise.allSettled(
        [active[0]!.id, last.id].map((id) =>
          updateStaffUser(t2.app.ctx, systemActor(), id, { active: false }),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = both.find((r) => r.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409 });
    } finally {
      await t2.close();
    }
  });
});

describe('staff panel input', () => {
  it('refuses bad input with a message, and a username taken in any case', async () => {
    const cases: [unknown, string][] = [
      [{ username: 'has space', full_name: 'A B', role: 'staff' }, 'username'],
      [{ username: 'ab', full_name: 'A B', role: 'staff' }, 'username'],
      [{ username: 'okname', full_name: '', role: 'staff' }, 'full_name'],
      [{ username: 'okname', full_name: 'A\u0000B', role: 'staff' }, 'full_name'],
      [{ username: 'okname', full_name: 'A B', role: 'owner' }, 'role'],
      [{ username: 'okname', full_name: 'A B', role: 'staff', password: 'chosen-by-me' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/staff-users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(field);
    }
    const created = await addStaff();
    const taken = await admin.post('/api/staff-users', {
      username: created.user.username.toUpperCase(),
      full_name: 'Twin',
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: staffMessages.usernameTaken });

    expect((await update(created.user.id, {})).statusCode).toBe(400);
    expect((await update(created.user.id, { active: 'no' })).statusCode).toBe(400);
    expect((await admin.post('/api/staff-users/abc', { active: false })).statusCode).toBe(400);
    expect((await admin.get('/api/staff-users/0/sign-ins')).statusCode).toBe(400);
    expect((await update(999999, { active: false })).statusCode).toBe(404);
  });

  it('lists every account and audits each change with who made it', async () => {
    const created = await addStaff();
    await update(created.user.id, { full_name: 'Keisha Mohammed-Ali', role: 'admin' });
    const list = (await admin.get('/api/staff-users')).json<StaffUser[]>();
    expect(list.find((u) => u.id === created.user.id)).toMatchObject({
      full_name: 'Keisha Mohammed-Ali',
      role: 'admin',
      active: true,
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_user'), eq(auditLog.actor_kind, 'admin')));
    const mine = rows.filter((r) => JSON.stringify(r.detail).includes(created.user.username));
    expect(mine.map((r) => r.field ?? 'created').sort()).toEqual(['created', 'full_name', 'role']);
    expect(mine.every((r) => r.ip === admin.ip && r.actor_id)).toBe(true);
  });
});

describe('sign-in history', () => {
  it('records successes and failures with the address, newest first, for admins only', async () => {
    const created = await addStaff();
    const stranger = t.agent();
    await stranger.post('/api/admin-login', { name: created.user.username, password: 'Wrong-guess-1' });
    const agent = t.agent();
    await agent.post('/api/admin-login', { name: created.user.username, password: created.password });
    const res = await admin.get(`/api/staff-users/${created.user.id}/sign-ins`);
    expect(res.statusCode).toBe(200);
    const history = res.json<{ at: string; ip: string; outcome: string }[]>();
    expect(history.map((h) => [h.outcome, h.ip])).toEqual([
      ['signed_in', agent.ip],
      ['wrong_password', stranger.ip],
    ]);
    const list = (await admin.get('/api/staff-users')).json<StaffUser[]>();
    expect(list.find((u) => u.id === created.user.id)!.last_login_at).toBe(history[0]!.at);
    expect((await admin.get('/api/staff-users/999999/sign-ins')).statusCode).toBe(404);
  });

  it('keeps only the newest attempts of each account', async () => {
    const created = await addStaff();
    const start = Date.now();
    for (let i = 0; i < STAFF_SIGN_INS_KEPT + 7; i++)
      await recordStaffSignIn(t.database.db, {
        staffUserId: created.user.id,
        outcome: 'wrong_password',
        ip: `192.0.2.${i}`,
        at: new Date(start + i * 1000),
      });
    const rows = await t.database.db
      .select()
      .from(staffSignIns)
      .where(eq(staffSignIns.staff_user_id, created.user.id));
    expect(rows).toHaveLength(STAFF_SIGN_INS_KEPT);
    const history = (await admin.get(`/api/staff-users/${created.user.id}/sign-ins`)).json<
      { ip: string }[]
    >();
    expect(history[0]!.ip).toBe(`192.0.2.${STAFF_SIGN_INS_KEPT + 6}`);
    expect(history.at(-1)!.ip).toBe('192.0.2.7');
  });

  it('notes a locked-out attempt', async () => {
    const created = await addStaff();
    const agent = t.agent();
    for (let i = 0; i < 6; i++)
      await agent.post('/api/admin-login', { name: created.user.username, password: `Wrong-guess-${i}` });
    const history = (await admin.get(`/api/staff-users/${created.user.id}/sign-ins`)).json<
      { outcome: string }[]
    >();
    expect(history[0]!.outcome).toBe('locked_out');
    expect(history.filter((h) => h.outcome === 'wrong_password')).toHaveLength(5);
  });
});
