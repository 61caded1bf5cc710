import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, parentMessages, tooLong } from '@sp/domain';
import { outbox, parents } from '../../db/schema.js';
import { Agent } from '../../test/agent.js';
import { createParent } from '../../test/factories.js';
import { parentAccountApp } from '../../test/parent-account-app.js';
import { latestLink, mailsTo } from '../password-links/link-kit.js';
import { FORGOT_FLOOR_MS } from '../../shared/answer-floor.js';
import { SIGN_UP_LIMITS } from './sign-up.js';

const app = parentAccountApp();
const db = () => app.t.database.db;

const form = (email: string, over: Record<string, string> = {}) => ({
  name: 'Mrs Ali',
  email,
  password: 'Mango-tree-77',
  password_confirmation: 'Mango-tree-77',
  ...over,
});
const signUp = (body: unknown, agent = app.t.agent()) => agent.post('/api/parent/sign-up', body);
const signIn = (email: string, password = 'Mango-tree-77', agent = app.t.agent()) =>
  agent.post('/api/parent/login', { email, password });
const accountOf = async (email: string) =>
  (await db().select().from(parents).where(eq(parents.email, email)))[0];

describe('parent sign-up', () => {
  it('makes an unconfirmed account, e-mails a confirm link, and signs in once the link is opened', async () => {
    const res = await signUp(form('New.Mum@Example.org'));
    expect([res.statusCode, res.json()]).toEqual([202, { message: parentMessages.signUpSent }]);
    const account = await accountOf('new.mum@example.org');
    expect(account).toMatchObject({ name: 'Mrs Ali', confirmed_at: null, active: true });
    expect(account!.password_hash).toMatch(/^\$argon2id\$/);

    expect((await signIn('new.mum@example.org')).json()).toEqual({ message: parentMessages.notConfirmed });
    const { row, page, token } = await latestLink(db(), 'new.mum@example.org');
    expect([row.kind, row.student_id, page]).toEqual(['parent_confirm', null, '/confirm-email']);
    expect(row.headers).toEqual({}); // not a notification: no unsubscribe header

    const opened = await app.t.agent().post('/api/mail/confirm', { token });
    expect(opened.json()).toEqual({ address: 'new.mum@example.org', kind: 'parent' });
    expect((await accountOf('new.mum@example.org'))!.confirmed_at).not.toBeNull();
    expect((await signIn('new.mum@example.org')).statusCode).toBe(200);
  });

  it('answers an existing address alike, keeps its password, and tells its owner by e-mail', async () => {
    const existing = await createParent(db(), { email: 'known@example.org', password: 'Old-pass-word-1' });
    const fresh = await signUp(form('unknown@example.org'));
    const known = await signUp(form('known@example.org', { name: 'Someone Else' }));
    expect([known.statusCode, known.body]).toEqual([fresh.statusCode, fresh.body]);

    const [mail] = await mailsTo(db(), 'known@example.org');
    expect(mail!.kind).toBe('parent_account_exists');
    expect(mail!.text_body).toContain('/?as=parent');
    expect(await accountOf('known@example.org')).toMatchObject({ name: 'Mrs Ali' });
    expect((await signIn('known@example.org', existing.password)).statusCode).toBe(200);
    expect((await signIn('known@example.org')).statusCode).toBe(401);
  });

  it('takes no less than the floor for a new and an existing address alike', async () => {
    await createParent(db(), { email: 'timed.known@example.org' });
    const times: number[] = [];
    for (const email of ['timed.new@example.org', 'timed.known@example.org']) {
      const started = performance.now();
      expect((await signUp(form(email))).statusCode).toBe(202);
      times.push(performance.now() - started);
    }
    expect(Math.min(...times)).toBeGreaterThanOrEqual(FORGOT_FLOOR_MS);
  });

  it('gives an unconfirmed account the newest name and password, and only the newest link works', async () => {
    await signUp(form('twice@example.org'));
    const first = await latestLink(db(), 'twice@example.org');
    await signUp(
      form('twice@example.org', {
        name: 'Mr Ali',
        password: 'Second-pass-22',
        password_confirmation: 'Second-pass-22',
      }),
    );
    const second = await latestLink(db(), 'twice@example.org');

    expect((await app.t.agent().post('/api/mail/confirm', { token: first.token })).statusCode).toBe(400);
    expect((await app.t.agent().post('/api/mail/confirm', { token: second.token })).statusCode).toBe(200);
    expect((await signIn('twice@example.org', 'Second-pass-22')).json()).toMatchObject({ name: 'Mr Ali' });
  });

  it('refuses bad input with a message on the field, never a 500', async () => {
    const cases: [unknown, string, string][] = [
      [form('not-an-address'), 'email', messages.invalidEmail],
      [
        form('a@example.org', { password: 'short', password_confirmation: 'short' }),
        'password',
        messages.passwordTooShort,
      ],
      [
        form('a@example.org', { password_confirmation: 'Other-pass-99' }),
        'password_confirmation',
        messages.passwordsDoNotMatch,
      ],
      [form('a@example.org', { name: 'x'.repeat(61) }), 'name', tooLong(60)],
      [{ ...form('a@example.org'), role: 'admin' }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await signUp(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().errors).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect(await accountOf('a@example.org')).toBeUndefined();
  });

  it('two browsers signing up the same address at once make one account, and the newest link confirms it', async () => {
    const [a, b] = await Promise.all([
      signUp(form('race@example.org', { name: 'Mrs Race' })),
      signUp(form('race@example.org', { name: 'Mr Race' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(await db().select().from(parents).where(eq(parents.email, 'race@example.org'))).toHaveLength(1);
    const { token } = await latestLink(db(), 'race@example.org');
    expect((await app.t.agent().post('/api/mail/confirm', { token })).statusCode).toBe(200);
  });

  it('counts sign-ups per client (429) and e-mails per address (silently)', async () => {
    const agent = new Agent(app.t.app);
    for (let i = 0; i < SIGN_UP_LIMITS.perAddress + 2; i++)
      expect((await signUp(form('flood@example.org'), agent)).statusCode).toBe(202);
    expect(await mailsTo(db(), 'flood@example.org')).toHaveLength(SIGN_UP_LIMITS.perAddress);

    for (let i = SIGN_UP_LIMITS.perAddress + 2; i < SIGN_UP_LIMITS.perClient; i++)
      await signUp(form(`other${i}@example.org`), agent);
    const refused = await signUp(form('late@example.org'), agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await accountOf('late@example.org')).toBeUndefined();
    // Another client is not held up.
    expect((await signUp(form('late@example.org'))).statusCode).toBe(202);
  });
});

describe('resending the confirmation link', () => {
  it('sends a new link to an unconfirmed account only, answering every address alike', async () => {
    await signUp(form('slow@example.org'));
    await createParent(db(), { email: 'done@example.org' });
    const resend = (email: string) => app.t.agent().post('/api/parent/resend-confirmation', { email });
    const answers = [
      await resend('slow@example.org'),
      await resend('done@example.org'),
      await resend('nobody@example.org'),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ message: parentMessages.confirmationResent });

    const kinds = (await db().select({ kind: outbox.kind, to: outbox.to_address }).from(outbox)).filter((m) =>
      ['slow@example.org', 'done@example.org', 'nobody@example.org'].includes(m.to),
    );
    expect(kinds).toEqual([
      { kind: 'parent_confirm', to: 'slow@example.org' },
      { kind: 'parent_confirm', to: 'slow@example.org' },
    ]);
    expect((await resend('')).statusCode).toBe(400);
  });
});
