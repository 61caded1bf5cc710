import { eq, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type StaffRole } from '@sp/domain';
import { sessions, studentAccounts } from '../db/schema.js';
import { createStaff, createStudent } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_HOURS: '12' });
});
afterAll(() => t.close());

describe('sessions', () => {
  it('logout ends the session on the server', async () => {
    const { agent } = await t.signInStudent();
    const cookie = agent.sessionCookie!;
    const before = await t.database.db.select().from(sessions);
    const res = await agent.post('/logout');
    expect(res.statusCode).toBe(204);
    expect(agent.sessionCookie).toBeUndefined();
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sp_session=${cookie}` },
    });
    expect(replay.statusCode).toBe(401);
    expect((await t.database.db.select().from(sessions)).length).toBe(before.length - 1);
  });

  it('ends after 60 idle minutes', async () => {
    const { agent } = await t.signInStudent();
    t.clock.advanceMinutes(59);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    t.clock.advanceMinutes(59);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    t.clock.advanceMinutes(61);
    const res = await agent.get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.sessionExpired);
  });

  it('a state change after the timeout answers "session ended", not a security-token failure', async () => {
    const { agent, student } = await t.signInStudent();
    t.clock.advanceMinutes(61);
    const res = await agent.post('/api/student', { id: student.id, home_address: '5 Late Road' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.sessionExpired);
  });

  it('ends 12 hours after sign-in however busy', async () => {
    const { agent } = await t.signInStudent();
    // 14 × 50 minutes = 11 h 40 min of steady use.
    for (let minutes = 50; minutes <= 700; minutes += 50) {
      t.clock.advanceMinutes(50);
      const r = await agent.get('/api/me');
      expect(r.statusCode, `${minutes} ${r.body}`).toBe(200);
    }
    t.clock.advanceMinutes(21);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
  });

  it('stores sessions in the database with their owner', async () => {
    const { student } = await t.signInStudent();
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.student_id, student.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});

// Sessions are rows that outlive an upgrade: one a staff member signed in with before staff had a kind of their
// own (`kind: 'admin'` whatever the role) still works afterwards, with its role (ADR 0036).
describe('a staff session stored in the old shape', () => {
  const byUser = (username: string) => sql`${sessions.data}->'auth'->>'username' = ${username}`;
  const storedAuth = async (username: string) => {
    const [row] = await t.database.db.select().from(sessions).where(byUser(username));
    return (row?.data as Session | undefined)?.auth;
  };

  async function signInBeforeUpgrade(role: StaffRole) {
    const user = await createStaff(t.database.db, undefined, undefined, role);
    const agent = t.agent();
    await agent.post('/api/admin-login', { name: user.username, password: user.password });
    await t.database.db
      .update(sessions)
      .set({ data: sql`jsonb_set(${sessions.data}, '{auth,kind}', '"admin"')` })
      .where(byUser(user.username));
    expect(await storedAuth(user.username)).toMatchObject({ kind: 'admin', role });
    return { agent, username: user.username };
  }

  it('is read as staff and keeps its role', async () => {
    const staff = await signInBeforeUpgrade('staff');
    expect((await staff.agent.get('/api/me')).json()).toMatchObject({ kind: 'staff', role: 'staff' });
    expect((await staff.agent.get('/api/students')).statusCode).toBe(200);
    expect((await staff.agent.get('/api/settings')).statusCode).toBe(403);
    const admin = await signInBeforeUpgrade('admin');
    expect((await admin.agent.get('/api/me')).json()).toMatchObject({ kind: 'staff', role: 'admin' });
    expect((await admin.agent.get('/api/settings')).statusCode).toBe(200);
  });

  it('is stored in the new shape the next time it is written', async () => {
    const { agent, username } = await signInBeforeUpgrade('staff');
    t.clock.advanceMinutes(2);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    expect(await storedAuth(username)).toMatchObject({ kind: 'staff', role: 'staff', username });
  });
});

describe('CSRF (X-XSRF-TOKEN)', () => {
  it('GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie', async () => {
    const agent = t.agent();
    const res = await agent.get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('refuses a state change without the header (403) and changes nothing', async () => {
    const s = await createStudent(t.database.db);
    const agent = t.agent();
    await agent.post('/api/login-student', { student_id: s.id, password: s.typedBirthDate });
    const res = await agent.post(
      '/api/change-password-student',
      { student_id: s.id, password: 'Mango-tree-77' },
      { xsrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.csrfMissing);
    const [account] = await t.database.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.student_id, s.id));
    expect(account).toMatchObject({ password_reset: 1, password_hash: null });
  });

  it('refuses a header that does not match the cookie', async () => {
    const agent = t.agent();
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post(
      '/api/login-student',
      { student_id: 'A1', password: 'x' },
      {
        xsrf: false,
        headers: { 'x-xsrf-token': `${agent.xsrf!.slice(0, -2)}xx` },
      },
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses a token the server did not sign, even when cookie and header match', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login-student',
      headers: { cookie: 'XSRF-TOKEN=forged.token', 'x-xsrf-token': 'forged.token' },
      payload: { student_id: 'A1', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a logout without the token, leaving the session alive', async () => {
    const { agent } = await t.signInStudent();
    expect((await agent.post('/logout', undefined, { xsrf: false })).statusCode).toBe(403);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
  });
});

describe('DatabaseSessionStore', () => {
  const session = (studentId: string) =>
    ({
      auth: { kind: 'student', studentId, name: 'A B', limited: false },
      createdAt: 0,
    }) as unknown as Session;
  const set = (sid: string, s: Session) =>
    new Promise<void>((resolve, reject) =>
      t.app.sessionStore.set(sid, s, (err) => (err instanceof Error ? reject(err) : resolve())),
    );
  const stored = async (sid: string) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.sid, sid)))[0]?.data;

  it('skips the write of a session a statement already wrote as it is, and writes it once it changes', async () => {
    const student = await createStudent(t.database.db);
    const s = session(student.id);
    const { json } = t.app.sessionStore.row('store-test-1', s);
    t.app.sessionStore.markWritten('store-test-1', s, json);
    await set('store-test-1', s);
    // Marked as written (by a statement this test did not run), so the store wrote nothing.
    expect(await stored('store-test-1')).toBeUndefined();
    // Under another id it is another row: written.
    await set('store-test-2', s);
    expect(await stored('store-test-2')).toMatchObject({ auth: { studentId: student.id } });
    s.lastSeenAt = 5;
    await set('store-test-1', s);
    expect(await stored('store-test-1')).toMatchObject({ lastSeenAt: 5, auth: { studentId: student.id } });
  });
});
