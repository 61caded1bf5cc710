import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_PENDING_MS, secondFactorMessages } from '@sp/domain';
import { staffUsers } from '../../db/schema.js';
import { createStaff } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  codeStep,
  giveRecoveryCodes,
  giveTotp,
  passwordStep,
  signInHistory,
  totpCode,
} from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A staff account with an authenticator app, and a browser that has given its password. */
async function withTotp() {
  const user = await createStaff(t.database.db);
  const secret = await giveTotp(t.database.db, user.id, t.clock.now());
  return { user, secret, code: () => totpCode(secret, t.clock.now()) };
}

async function pending(user: { username: string; password: string }) {
  const agent = t.agent();
  const res = await passwordStep(agent, user.username, user.password);
  expect(res.statusCode).toBe(200);
  expect(res.json().second_factor).toBe('code');
  return agent;
}

const history = (userId: number) => signInHistory(t.database.db, userId);

describe('staff sign-in with a second factor (D51)', () => {
  it('a right password waits for the code: no staff route answers until a right code signs in', async () => {
    const { user, code } = await withTotp();
    const agent = await pending(user);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
    expect((await agent.get('/api/terms')).statusCode).toBe(401);
    expect((await agent.get('/api/second-factor')).statusCode).toBe(401);
    expect((await agent.post('/api/second-factor/verify', { code: await code() })).statusCode).toBe(401);
    expect((await agent.post('/api/change-password-staff', { password: 'New-pass-4567' })).statusCode).toBe(
      401,
    );
    const wrong = await codeStep(agent, { code: '000000' === (await code()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: secondFactorMessages.codeWrong,
      errors: [{ field: 'code', message: secondFactorMessages.codeWrong }],
    });
    const ok = await codeStep(agent, { code: await code() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: user.username, second_factor: null, password_reset: 0 });
    expect((await agent.get('/api/me')).json()).toMatchObject({ kind: 'staff', must_enrol: false });
    expect((await agent.get('/api/terms')).statusCode).toBe(200);
    expect(await history(user.id)).toEqual(['wrong_code', 'signed_in']);
  });

  it('two browsers with one code: the second is refused as used, and the first stays signed in', async () => {
    const { user, code } = await withTotp();
    const [a, b] = [await pending(user), await pending(user)];
    const given = await code();
    expect((await codeStep(a, { code: given })).statusCode).toBe(200);
    const again = await codeStep(b, { code: given });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(secondFactorMessages.codeUsed);
    expect((await b.get('/api/me')).statusCode).toBe(401);
    expect((await a.get('/api/me')).statusCode).toBe(200);
    // The next code signs the second browser in.
    t.clock.advance(30_000);
    expect((await codeStep(b, { code: await code() })).statusCode).toBe(200);
  });

  it('one code sent by two browsers at once signs in exactly one', async () => {
    const { user, code } = await withTotp();
    const [a, b] = [await pending(user), await pending(user)];
    const given = await code();
    const statuses = (await Promise.all([codeStep(a, { code: given }), codeStep(b, { code: given })])).map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('a recovery code signs in once; a second browser with it is refused, at once or later', async () => {
    const { user } = await withTotp();
    const [first, second] = await giveRecoveryCodes(t.database.db, user.id, t.clock.now());
    const [a, b] = [await pending(user), await pending(user)];
    const results = await Promise.all([
      codeStep(a, { recovery_code: first!.toUpperCase() }),
      codeStep(b, { recovery_code: first!.replace(/-/g, ' ') }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(refused.json().errors).toEqual([
      { field: 'recovery_code', message: secondFactorMessages.recoveryWrong },
    ]);
    const c = await pending(user);
    expect((await codeStep(c, { recovery_code: first! })).statusCode).toBe(400);
    expect((await codeStep(c, { recovery_code: second! })).statusCode).toBe(200);
    // The two at once may be written in either order.
    const written = await history(user.id);
    expect(written.slice(0, 2).sort()).toEqual(['recovery_code_used', 'wrong_code']);
    expect(written.slice(2)).toEqual(['wrong_code', 'recovery_code_used']);
  });

  it('refuses a code step with no password before it, or after the wait ran out', async () => {
    const { user, code } = await withTotp();
    const none = await codeStep(t.agent(), { code: await code() });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(secondFactorMessages.noPendingSignIn);
    const agent = await pending(user);
    t.clock.advance(SECOND_FACTOR_PENDING_MS + 1000);
    const late = await codeStep(agent, { code: await code() });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(secondFactorMessages.noPendingSignIn);
  });

  it('answers 400 with the message for a malformed code step', async () => {
    const { user } = await withTotp();
    const agent = await pending(user);
    const cases: [unknown, string][] = [
      [{}, secondFactorMessages.oneOf],
      [{ code: '123456', recovery_code: 'abcd-efgh-jkmn' }, secondFactorMessages.oneOf],
      [{ code: '12 34' }, secondFactorMessages.codeFormat],
      [{ code: 123456 }, secondFactorMessages.codeFormat],
      [{ recovery_code: 'short' }, secondFactorMessages.recoveryFormat],
      [{ recovery_code: 'x'.repeat(5000) }, secondFactorMessages.recoveryFormat],
    ];
    for (const [body, message] of cases) {
      const res = await codeStep(agent, body as never);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });

  it('5 wrong codes: 429, the right code refused too until the window passes', async () => {
    const { user, code } = await withTotp();
    const agent = await pending(user);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(await code()) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await codeStep(agent, { code: wrong })).statusCode).toBe(400);
    }
    const locked = await codeStep(agent, { code: await code() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(secondFactorMessages.tooMany(15));
    // Another browser, another address, the right password: the account's codes still wait.
    const other = await pending(user);
    expect((await codeStep(other, { code: await code() })).statusCode).toBe(429);
    t.clock.advanceMinutes(14);
    const stillLocked = await codeStep(await pending(user), { code: await code() });
    expect(stillLocked.json().message).toBe(secondFactorMessages.tooMany(1));
    t.clock.advanceMinutes(1);
    expect((await codeStep(await pending(user), { code: await code() })).statusCode).toBe(200);
    expect((await history(user.id)).slice(-4)).toEqual([
      'second_factor_locked',
      'second_factor_locked',
      'second_factor_locked',
      'signed_in',
    ]);
  });

  it('a one-time password with a factor: after the code the session may only choose a password', async () => {
    const { user, code } = await withTotp();
    await t.database.db.update(staffUsers).set({ password_reset: 1 }).where(eq(staffUsers.id, user.id));
    const agent = await pending(user);
    const ok = await codeStep(agent, { code: await code() });
    expect(ok.json()).toMatchObject({ password_reset: 1, second_factor: null });
    expect((await agent.get('/api/terms')).statusCode).toBe(403);
    expect((await agent.post('/api/change-password-staff', { password: 'Fresh-pass-6789' })).statusCode).toBe(
      200,
    );
    expect((await agent.get('/api/terms')).statusCode).toBe(200);
  });
});
