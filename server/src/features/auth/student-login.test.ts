import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sp/domain';
import { auditLog, sessions, studentAccounts } from '../../db/schema.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (agent = t.agent(), body: unknown) =>
  agent.post('/api/login-student', body).then((res) => ({ res, agent }));

describe('POST /api/login-student', () => {
  it('signs in with the password and answers name and password_reset 0', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42', first_name: 'Kavita' });
    const { res, agent } = await login(undefined, { student_id: s.id, password: 'Correct-horse-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: `Kavita ${s.last_name}`, student_id: s.id, password_reset: 0 });
    expect(agent.sessionCookie).toBeTruthy();
    const me = await agent.get('/api/me');
    expect(me.json()).toMatchObject({ kind: 'student', student_id: s.id, limited: false });
  });

  it('gives a new session id at every sign-in and the old one stops working', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    const { agent } = await login(undefined, { student_id: s.id, password: 'Correct-horse-42' });
    const first = agent.sessionCookie!;
    await login(agent, { student_id: s.id, password: 'Correct-horse-42' });
    expect(agent.sessionCookie).toBeTruthy();
    expect(agent.sessionCookie).not.toBe(first);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sp_session=${first}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown ID with the same message', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    const wrong = await login(undefined, { student_id: s.id, password: 'Wrong-horse-42' });
    const unknown = await login(undefined, { student_id: 'NOPE123', password: 'Wrong-horse-42' });
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.json().message).toBe(messages.loginFailed);
    expect(unknown.res.json().message).toBe(messages.loginFailed);
    expect(wrong.agent.sessionCookie).toBeUndefined();
  });

  it('accepts the date of birth only while a reset is due, and that session may only change the password', async () => {
    const s = await createStudent(t.database.db, { date_of_birth: '2013-04-09' });
    const { res, agent } = await login(undefined, { student_id: s.id, password: '20130409' });
    expect(res.statusCode).toBe(200);
    expect(res.json().password_reset).toBe(1);
    expect((await agent.get(`/api/student-record/${s.id}`)).statusCode).toBe(403);
    expect((await agent.get(`/api/user/${s.id}`)).json().message).toBe(messages.passwordChangeRequired);

    const change = await agent.post('/api/change-password-student', {
      student_id: s.id,
      password: 'Mango-tree-77',
    });
    expect(change.statusCode).toBe(200);
    expect((await agent.get(`/api/student-record/${s.id}`)).statusCode).toBe(200);

    // Now a password is set, the date of birth no longer signs in.
    expect((await login(undefined, { student_id: s.id, password: '20130409' })).res.statusCode).toBe(401);
    expect((await login(undefined, { student_id: s.id, password: 'Mango-tree-77' })).res.statusCode).toBe(
      200,
    );
  });

  it('refuses a wrong date of birth during the first login', async () => {
    const s = await createStudent(t.database.db, { date_of_birth: '2013-04-09' });
    expect((await login(undefined, { student_id: s.id, password: '20130410' })).res.statusCode).toBe(401);
    expect((await login(undefined, { student_id: s.id, password: '2013-04-09x' })).res.statusCode).toBe(401);
  });

  it.each([
    ['missing student_id', { password: 'x' }, 'student_id'],
    ['missing password', { student_id: 'A1' }, 'password'],
    ['empty password', { student_id: 'A1', password: '' }, 'password'],
    ['student_id of the wrong type', { student_id: 12345, password: 'x' }, 'student_id'],
    ['overlong student_id', { student_id: 'A'.repeat(21), password: 'x' }, 'student_id'],
    ['overlong password', { student_id: 'A1', password: 'x'.repeat(129) }, 'password'],
    ['student_id with odd characters', { student_id: "1' OR '1'='1", password: 'x' }, 'student_id'],
  ])('answers 400 naming the field for %s', async (_name, body, field) => {
    const { res } = await login(undefined, body);
    expect(res.statusCode).toBe(400);
    const json = res.json<{ message: string; errors: { field: string }[] }>();
    expect(json.message).toBeTruthy();
    expect(json.errors.map((e) => e.field)).toContain(field);
  });

  it('answers 400 for an unknown field and for a body that is not JSON', async () => {
    const extra = await login(undefined, { student_id: 'A1', password: 'x', admin: true });
    expect(extra.res.statusCode).toBe(400);
    expect(extra.res.json().message).toMatch(/Unknown field: admin/);
    const broken = await t
      .agent()
      .post('/api/login-student', '{"student_id":', { headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
  });

  it('leaves nobody signed in when the sign-in cannot be written', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    // The sign-in's one write fails (its audit row is refused), as a full disk or a lost connection would.
    await t.database.db.execute(
      sql`alter table audit_log add constraint test_no_login check (action <> 'login') not valid`,
    );
    try {
      const { res, agent } = await login(undefined, { student_id: s.id, password: 'Correct-horse-42' });
      expect(res.statusCode).toBe(500);
      expect((await agent.get('/api/me')).statusCode).toBe(401);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.student_id, s.id))).toEqual([]);
    } finally {
      await t.database.db.execute(sql`alter table audit_log drop constraint test_no_login`);
    }
  });

  it('writes sign-ins and failures to the audit log', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    await login(undefined, { student_id: s.id, password: 'Wrong-horse-42' });
    await login(undefined, { student_id: s.id, password: 'Correct-horse-42' });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.student_id, s.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['login', 'login_failed']);
    expect(rows.every((r) => r.ip?.startsWith('10.'))).toBe(true);
    const signIn = rows.find((r) => r.action === 'login')!;
    expect(signIn).toMatchObject({ actor_kind: 'student', actor_id: s.id, detail: { first_login: false } });
    // The same statement stamps the account's last sign-in, at the audit row's time.
    const [account] = await t.database.db
      .select({ at: studentAccounts.last_login_at })
      .from(studentAccounts)
      .where(eq(studentAccounts.student_id, s.id));
    expect(account!.at).toEqual(signIn.at);
  });
});

describe('POST /api/change-password-student', () => {
  it.each([
    ['too short', 'Ab1-xyz', messages.passwordTooShort],
    ['the date of birth', '20130409', messages.passwordIsBirthDate],
    ['the date of birth with dashes', '2013-04-09', messages.passwordIsBirthDate],
    ['a common password', 'Password123', messages.passwordTooCommon],
  ])('refuses a new password that is %s', async (_name, password, message) => {
    const s = await createStudent(t.database.db, { date_of_birth: '2013-04-09' });
    const agent = t.agent();
    await agent.post('/api/login-student', { student_id: s.id, password: '20130409' });
    const res = await agent.post('/api/change-password-student', { student_id: s.id, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field: 'password', message }] });
    expect((await agent.get('/api/me')).json().limited).toBe(true);
  });

  it('refuses the student ID as the password', async () => {
    const s = await createStudent(t.database.db, { id: 'STU20260001' });
    const agent = t.agent();
    await agent.post('/api/login-student', { student_id: s.id, password: s.typedBirthDate });
    const res = await agent.post('/api/change-password-student', {
      student_id: s.id,
      password: 'stu20260001',
    });
    expect(res.json().message).toBe(messages.passwordIsStudentId);
  });

  it('asks for the right old password after a normal sign-in', async () => {
    const { agent, student } = await t.signInStudent();
    const none = await agent.post('/api/change-password-student', {
      student_id: student.id,
      password: 'Mango-tree-77',
    });
    expect(none.statusCode).toBe(400);
    const wrong = await agent.post('/api/change-password-student', {
      student_id: student.id,
      old_password: 'not-it-at-all',
      password: 'Mango-tree-77',
    });
    expect(wrong.json()).toMatchObject({ message: messages.wrongOldPassword });
    const ok = await agent.post('/api/change-password-student', {
      student_id: student.id,
      old_password: 'Correct-horse-42',
      password: 'Mango-tree-77',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: `${student.first_name} ${student.last_name}`, student_id: student.id });
  });

  it("ends the student's other sessions", async () => {
    const { agent, student } = await t.signInStudent();
    const other = t.agent();
    await other.post('/api/login-student', { student_id: student.id, password: 'Correct-horse-42' });
    expect((await other.get('/api/me')).statusCode).toBe(200);
    await agent.post('/api/change-password-student', {
      student_id: student.id,
      old_password: 'Correct-horse-42',
      password: 'Mango-tree-77',
    });
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.student_id, student.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a change for another student', async () => {
    const { agent } = await t.signInStudent();
    const victim = await createStudent(t.database.db, { password: 'Victim-pass-123' });
    const res = await agent.post('/api/change-password-student', {
      student_id: victim.id,
      old_password: 'Correct-horse-42',
      password: 'Mango-tree-77',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await login(undefined, { student_id: victim.id, password: 'Victim-pass-123' })).res.statusCode,
    ).toBe(200);
    const changes = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, victim.id), eq(auditLog.action, 'password_change')));
    expect(changes).toHaveLength(0);
  });
});
