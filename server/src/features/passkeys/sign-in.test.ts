import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_LOGIN_NAME,
  SECOND_FACTOR_MAX_FAILURES,
  secondFactorMessages,
  staffMessages,
} from '@sp/domain';
import { staffPasskeys, staffUsers } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { passkeyKit } from '../../test/passkey-kit.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = passkeyKit(() => t);

type Options = Parameters<SoftAuthenticator['answer']>[0];

/** Another browser: no session, only the authenticator that holds the passkey. */
async function signIn(authenticator: SoftAuthenticator, agent: Agent = t.agent()) {
  const opts = await agent.post('/api/passkeys/sign-in-options');
  expect(opts.statusCode, opts.body).toBe(200);
  const { ticket, options } = opts.json<{ ticket: string; options: Options }>();
  const response = authenticator.answer(options);
  return { res: await agent.post('/api/passkeys/sign-in', { ticket, response }), agent, ticket, response };
}

/** An account with a passkey on `authenticator`, added from its own (password) session. */
async function withPasskey(authenticator = new SoftAuthenticator(), role: 'staff' | 'admin' = 'staff') {
  const staff = await kit.staff(role);
  const { res } = await kit.addPasskey(staff.agent, authenticator);
  expect(res.statusCode, res.body).toBe(200);
  return { ...staff, passkeyId: res.json<{ passkey: { id: number } }>().passkey.id, authenticator };
}

const storedPasskey = async (id: number) =>
  (await t.database.db.select().from(staffPasskeys).where(eq(staffPasskeys.id, id)))[0]!;

describe('signing in with a passkey alone', () => {
  it('offers every passkey of the site, and the passkey says who signs in, with a fresh second factor', async () => {
    const owner = await withPasskey(undefined, 'admin');
    const opts = await t.agent().post('/api/passkeys/sign-in-options', {});
    expect(opts.json<{ options: Record<string, unknown> }>().options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
    });
    expect(opts.json<{ options: Record<string, unknown> }>().options.allowCredentials).toBeUndefined();

    const { res, agent } = await signIn(owner.authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: ADMIN_LOGIN_NAME,
      username: owner.username,
      full_name: 'Maria Admin',
      password_reset: 0,
      second_factor: null,
    });
    expect((await agent.get('/api/students')).statusCode).toBe(200);
    // The passkey counts as the second factor just given: a sensitive action does not ask again.
    expect((await agent.post('/api/passkeys/register-options')).statusCode).toBe(200);
    const stored = await storedPasskey(owner.passkeyId);
    expect(stored.counter).toBe(1);
    expect(stored.last_used_at).toEqual(t.clock.now());
    expect((await kit.history(owner.id)).at(-1)).toBe('signed_in_passkey');
  });

  it('refuses an answer sent twice, for another site, malformed or without user verification, with a message', async () => {
    const owner = await withPasskey();
    const first = await signIn(owner.authenticator);
    expect(first.res.statusCode).toBe(200);
    const again = await t
      .agent()
      .post('/api/passkeys/sign-in', { ticket: first.ticket, response: first.response });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: secondFactorMessages.ticketExpired });

    // The same passkey, its private key in an authenticator on a look-alike site.
    const phished = new SoftAuthenticator('https://portal.example.evil');
    phished.credentials.push({ ...owner.authenticator.credentials[0]!, rpId: 'localhost' });
    const unverified = new SoftAuthenticator(undefined, { userVerified: false });
    unverified.credentials.push(owner.authenticator.credentials[0]!);
    for (const authenticator of [phished, unverified]) {
      const { res } = await signIn(authenticator);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: secondFactorMessages.passkeyFailed });
    }
    const opts = (await t.agent().post('/api/passkeys/sign-in-options')).json<{
      ticket: string;
      options: Options;
    }>();
    const answer = owner.authenticator.answer(opts.options);
    const malformed = await t.agent().post('/api/passkeys/sign-in', {
      ticket: opts.ticket,
      response: { ...answer, response: { ...answer.response, authenticatorData: 'AAAA', signature: '' } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: secondFactorMessages.passkeyFailed });
    const shapeless = await t.agent().post('/api/passkeys/sign-in', { ticket: opts.ticket, response: 'x' });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json()).toMatchObject({ errors: [{ field: 'response' }] });
    expect(await kit.history(owner.id)).toEqual([
      'signed_in',
      'passkey_added',
      'signed_in_passkey',
      'passkey_failed',
      'passkey_failed',
      'passkey_failed',
    ]);
  });

  it('of two browsers sending one answer at once, one signs in', async () => {
    const owner = await withPasskey();
    const opts = (await t.agent().post('/api/passkeys/sign-in-options')).json<{
      ticket: string;
      options: Options;
    }>();
    const body = { ticket: opts.ticket, response: owner.authenticator.answer(opts.options) };
    const answers = await Promise.all(
      [t.agent(), t.agent()].map((a) => a.post('/api/passkeys/sign-in', body)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('after the password, “Use a passkey” signs the waiting sign-in in with the passkey', async () => {
    const owner = await withPasskey();
    const browser = t.agent();
    const password = await browser.post('/api/admin-login', {
      name: owner.username,
      password: owner.password,
    });
    expect(password.json()).toMatchObject({ second_factor: 'code' });
    expect((await browser.get('/api/students')).statusCode).toBe(401);
    const { res } = await signIn(owner.authenticator, browser);
    expect(res.statusCode, res.body).toBe(200);
    expect((await browser.get('/api/students')).statusCode).toBe(200);
  });

  it('refuses a copied passkey whose counter went back, and takes one that keeps no counter', async () => {
    const owner = await withPasskey();
    expect((await signIn(owner.authenticator)).res.statusCode).toBe(200);
    const copy = new SoftAuthenticator();
    copy.credentials.push({ ...owner.authenticator.credentials[0]! });
    expect((await signIn(owner.authenticator)).res.statusCode).toBe(200);
    expect((await signIn(owner.authenticator)).res.statusCode).toBe(200);
    const cloned = await signIn(copy);
    expect(cloned.res.statusCode).toBe(400);
    expect(cloned.res.json()).toMatchObject({ message: secondFactorMessages.passkeyFailed });
    expect((await storedPasskey(owner.passkeyId)).counter).toBe(3);
    expect((await kit.history(owner.id)).at(-1)).toBe('passkey_failed');

    // Many synced passkeys always say 0: nothing to compare, so each use counts.
    const noCounter = await withPasskey(new SoftAuthenticator(undefined, { counterStep: 0 }));
    for (let i = 0; i < 2; i++) expect((await signIn(noCounter.authenticator)).res.statusCode).toBe(200);
  });

  it(`refused answers, ${SECOND_FACTOR_MAX_FAILURES} or more, do not lock the owner's right passkey out`, async () => {
    const owner = await withPasskey();
    const forged = new SoftAuthenticator('https://portal.example.evil');
    forged.credentials.push({ ...owner.authenticator.credentials[0]!, rpId: 'localhost' });
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES + 1; i++)
      expect((await signIn(forged)).res.statusCode).toBe(400);
    expect((await kit.history(owner.id)).at(-1)).toBe('passkey_failed');
    expect((await signIn(owner.authenticator)).res.statusCode).toBe(200);
  });

  it('an unknown passkey is 401; one removed in one browser no longer signs in from another', async () => {
    const stranger = new SoftAuthenticator();
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } });
    const unknown = await signIn(stranger);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json()).toMatchObject({ message: secondFactorMessages.passkeyUnknown });

    const owner = await withPasskey();
    expect((await owner.agent.post(`/api/passkeys/${owner.passkeyId}/remove`, {})).statusCode).toBe(204);
    const removed = await signIn(owner.authenticator);
    expect(removed.res.statusCode).toBe(401);
  });

  it('a deactivated account is refused as on the password path, after its passkey was checked', async () => {
    const owner = await withPasskey();
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, owner.id));
    const { res, agent } = await signIn(owner.authenticator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: staffMessages.accountInactive });
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect((await kit.history(owner.id)).at(-1)).toBe('account_inactive');
  });

  it('a one-time password given out after the passkey still has to be replaced first', async () => {
    const owner = await withPasskey();
    await t.database.db.update(staffUsers).set({ password_reset: 1 }).where(eq(staffUsers.id, owner.id));
    const { res, agent } = await signIn(owner.authenticator);
    expect(res.json()).toMatchObject({ password_reset: 1 });
    expect((await agent.get('/api/students')).statusCode).toBe(403);
  });

  it('an administrator’s reset of the second factor ends a passkey sign-in under way', async () => {
    const owner = await withPasskey();
    const admin = await withPasskey(undefined, 'admin');
    const browser = t.agent();
    const opts = (await browser.post('/api/passkeys/sign-in-options')).json<{
      ticket: string;
      options: Options;
    }>();
    const reset = await admin.agent.post(`/api/staff-users/${owner.id}/second-factor/reset`, {});
    expect(reset.statusCode, reset.body).toBe(204);
    const res = await browser.post('/api/passkeys/sign-in', {
      ticket: opts.ticket,
      response: owner.authenticator.answer(opts.options),
    });
    expect(res.statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });
});
