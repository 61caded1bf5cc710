import { describe, expect, it } from 'vitest';
import { messages, staffMessages } from '@sp/domain';
import { createParent } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { parentAccountApp } from '../../test/parent-account-app.js';
import { latestLink, mailsTo } from '../password-links/link-kit.js';

const app = parentAccountApp();
const db = () => app.t.database.db;

const forgot = (email: string) => app.t.agent().post('/api/parent/forgot-password', { email });
const signIn = (email: string, password: string, agent = app.t.agent()) =>
  agent.post('/api/parent/login', { email, password });
const newPassword = (password: string) => ({ password, password_confirmation: password });

describe('a parent forgot the password', () => {
  it('answers alike for any address and e-mails a link only to a confirmed, active account', async () => {
    const parent = await createParent(db(), { email: 'forgetful@example.org' });
    await createParent(db(), { email: 'unconfirmed.fp@example.org', confirmed: false });
    const answers = [
      await forgot(parent.email),
      await forgot('unconfirmed.fp@example.org'),
      await forgot('nobody.fp@example.org'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await mailsTo(db(), 'unconfirmed.fp@example.org')).toEqual([]);
    const { row, page } = await latestLink(db(), parent.email);
    expect([row.kind, page, row.student_id]).toEqual(['parent_password_reset_link', '/reset-password', null]);
    expect((await forgot('not an address')).statusCode).toBe(400);
  });

  it('a link used while the parent is signed in elsewhere sets the password and ends that session', async () => {
    const parent = await createParent(db(), { email: 'reset.me@example.org' });
    const elsewhere = app.t.agent();
    expect((await signIn(parent.email, parent.password, elsewhere)).statusCode).toBe(200);
    await forgot(parent.email);
    await forgot(parent.email);
    const older = (await mailsTo(db(), parent.email)).at(-2)!;
    const { token } = await latestLink(db(), parent.email);

    const state = await app.t.agent().get(`/api/password-link?token=${token}`);
    expect(state.json()).toEqual({ valid: true, kind: 'parent' });
    const weak = await app.t.agent().post('/api/password-link', { token, ...newPassword('short') });
    expect([weak.statusCode, weak.json().message]).toEqual([400, messages.passwordTooShort]);
    const done = await app.t
      .agent()
      .post('/api/password-link', { token, ...newPassword('Fresh-start-2026') });
    expect(done.json()).toEqual({ kind: 'parent' });

    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    expect((await signIn(parent.email, parent.password)).statusCode).toBe(401);
    expect((await signIn(parent.email, 'Fresh-start-2026')).statusCode).toBe(200);
    // The other link of the same account is void too.
    const otherToken = /\?token=([A-Za-z0-9_-]+)/.exec(older.text_body)![1]!;
    expect((await app.t.agent().get(`/api/password-link?token=${otherToken}`)).json()).toEqual({
      valid: false,
      kind: null,
    });
  });
});

describe('a parent changes their own password', () => {
  const change = (agent: ReturnType<TestApp['agent']>, old_password: string, password: string) =>
    agent.post('/api/parent/change-password', { old_password, ...newPassword(password) });

  it("ends the account's other session but not the child's own session", async () => {
    const { agent: childAgent, student } = await app.t.signInStudent();
    const { agent, parent } = await app.t.signInParent([student.id]);
    const otherBrowser = app.t.agent();
    await signIn(parent.email, parent.password, otherBrowser);

    const res = await change(agent, parent.password, 'Brand-new-pass-9');
    expect([res.statusCode, res.json()]).toEqual([200, { name: 'Mrs Ali', email: parent.email }]);
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/me')).statusCode).toBe(401);
    expect((await childAgent.get('/api/me')).json()).toMatchObject({ student_id: student.id });
    expect((await signIn(parent.email, 'Brand-new-pass-9')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a weak or unchanged one, and anyone but a parent', async () => {
    const { agent, parent } = await app.t.signInParent([]);
    const wrong = await change(agent, 'not-my-password', 'Brand-new-pass-9');
    expect([wrong.statusCode, wrong.json().errors]).toEqual([
      400,
      [{ field: 'old_password', message: messages.wrongOldPassword }],
    ]);
    expect((await change(agent, parent.password, 'password1')).json().message).toBe(
      messages.passwordTooCommon,
    );
    expect((await change(agent, parent.password, parent.password)).json().message).toBe(
      staffMessages.samePassword,
    );
    const mismatch = await agent.post('/api/parent/change-password', {
      old_password: parent.password,
      password: 'Brand-new-pass-9',
      password_confirmation: 'Brand-new-pass-8',
    });
    expect(mismatch.statusCode).toBe(400);

    const { agent: student } = await app.t.signInStudent();
    expect((await change(student, 'whatever', 'Brand-new-pass-9')).statusCode).toBe(403);
    expect((await change(app.t.agent(), 'whatever', 'Brand-new-pass-9')).statusCode).toBe(401);
    expect((await signIn(parent.email, parent.password)).statusCode).toBe(200);
  });
});
