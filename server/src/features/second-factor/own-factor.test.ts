import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRESH_FACTOR_FIELD,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_FRESH_MS,
  secondFactorMessages,
} from '@sp/domain';
import { auditLog, staffUsers } from '../../db/schema.js';
import { createStaff } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import * as fx from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  // Sessions that outlive the 12 hours after which sensitive actions ask again (a school may allow a week).
  t = await createTestApp(
    { SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '48' },
    { secondFactorPolicy: 'admins' },
  );
  // Another administrator: the accounts below are not the school's only one unless a test makes them so.
  await createStaff(t.database.db);
});
afterAll(() => t.close());

const code = (secret: string) => fx.totpCode(secret, t.clock.now());
const nextStep = () => t.clock.advance(30_000);

/** An administrator with no second factor, signed in to set one up. */
async function enrolling() {
  const user = await createStaff(t.database.db);
  const agent = t.agent();
  expect((await fx.passwordStep(agent, user.username, user.password)).json().second_factor).toBe('enrol');
  return { user, agent };
}

/** An account with an authenticator app and recovery codes, signed in with a code. */
async function signedInWithApp(role: 'admin' | 'staff' = 'admin') {
  const user = await createStaff(t.database.db, undefined, undefined, role);
  const secret = await fx.giveTotp(t.database.db, user.id, t.clock.now());
  const recovery = await fx.giveRecoveryCodes(t.database.db, user.id, t.clock.now());
  const agent = await signIn(user, secret);
  return { user, secret, recovery, agent };
}

async function signIn(user: { username: string; password: string }, secret: string, agent = t.agent()) {
  await fx.passwordStep(agent, user.username, user.password);
  nextStep();
  const res = await fx.codeStep(agent, { code: await code(secret) });
  expect(res.statusCode).toBe(200);
  return agent;
}

const outcomes = (userId: number) => fx.signInHistory(t.database.db, userId);

const askedAgain = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ errors: [{ field: FRESH_FACTOR_FIELD }] });
};

describe('setting up an authenticator app (D51)', () => {
  it('a session sent to enrol starts, confirms with a code, gets ten recovery codes and may then go on', async () => {
    const { user, agent } = await enrolling();
    expect((await agent.get('/api/second-factor')).json()).toEqual({
      totp: false,
      passkeys: [],
      recovery_codes_left: 0,
      required: true,
      fresh: true,
      only_admin: false,
    });
    expect((await agent.post('/api/second-factor/totp/confirm', { code: '123456' })).json().message).toBe(
      secondFactorMessages.totpNotStarted,
    );
    const start = await agent.post('/api/second-factor/totp/start', {});
    expect(start.statusCode).toBe(200);
    const { secret, uri, qr_svg } = start.json();
    expect(uri).toContain(`otpauth://totp/`);
    expect(decodeURIComponent(uri)).toContain(`:${user.username}?`);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);
    // Starting again replaces the unconfirmed secret: the first one's code no longer confirms.
    const again = (await agent.post('/api/second-factor/totp/start')).json();
    expect(again.secret).not.toBe(secret);
    const stale = await agent.post('/api/second-factor/totp/confirm', { code: await code(secret) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual([{ field: 'code', message: secondFactorMessages.codeWrong }]);
    const first = await code(again.secret);
    const confirmed = await agent.post('/api/second-factor/totp/confirm', { code: first });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await agent.get('/api/me')).json()).toMatchObject({ must_enrol: false });
    expect((await agent.get('/api/terms')).statusCode).toBe(200);
    expect((await agent.get('/api/second-factor')).json()).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
      fresh: true,
    });
    expect((await agent.post('/api/second-factor/totp/start')).statusCode).toBe(409);
    expect((await agent.post('/api/second-factor/totp/confirm', { code: first })).statusCode).toBe(409);
    // The confirming code was used: another browser cannot sign in with it.
    const other = t.agent();
    await fx.passwordStep(other, user.username, user.password);
    expect((await fx.codeStep(other, { code: first })).json().message).toBe(secondFactorMessages.codeUsed);
    expect(await outcomes(user.id)).toEqual(['signed_in', 'totp_added', 'wrong_code']);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_factor'), eq(auditLog.actor_id, user.username)));
    expect(audit.map((a) => a.detail)).toEqual([{ change: 'totp_added' }]);
  });

  it('answers 400 with the message for bad input', async () => {
    const { agent } = await enrolling();
    const cases: [string, unknown, string][] = [
      ['/api/second-factor/totp/start', { secret: 'MINE' }, 'Unknown field: secret'],
      ['/api/second-factor/totp/confirm', {}, secondFactorMessages.codeFormat],
      ['/api/second-factor/totp/confirm', { code: '12345a' }, secondFactorMessages.codeFormat],
      ['/api/second-factor/totp/remove', { recovery_code: '!' }, secondFactorMessages.recoveryFormat],
      ['/api/second-factor/verify', { code: '1', recovery_code: '2' }, secondFactorMessages.codeFormat],
      ['/api/second-factor/verify', {}, secondFactorMessages.oneOf],
      ['/api/second-factor/recovery-codes', [], 'Invalid'],
    ];
    for (const [url, body, message] of cases) {
      const res = await agent.post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(message);
    }
  });
});

describe('recovery codes and asking again (D51)', () => {
  it('after 12 hours a new set of recovery codes asks again; a code gives it, and the old set stops working', async () => {
    const { user, secret, recovery, agent } = await signedInWithApp();
    expect((await agent.post('/api/second-factor/recovery-codes')).statusCode).toBe(200);
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 60_000);
    expect((await agent.get('/api/second-factor')).json().fresh).toBe(false);
    askedAgain(await agent.post('/api/second-factor/recovery-codes'));
    expect((await agent.post('/api/second-factor/verify', { code: await code(secret) })).statusCode).toBe(
      204,
    );
    const renewed = await agent.post('/api/second-factor/recovery-codes');
    expect(renewed.json().recovery_codes).toHaveLength(10);
    const other = t.agent();
    await fx.passwordStep(other, user.username, user.password);
    expect((await fx.codeStep(other, { recovery_code: recovery[0]! })).statusCode).toBe(400);
    expect((await fx.codeStep(other, { recovery_code: renewed.json().recovery_codes[0] })).statusCode).toBe(
      200,
    );
    expect(await outcomes(user.id)).toEqual([
      'signed_in',
      'recovery_codes_renewed',
      'recovery_codes_renewed',
      'wrong_code',
      'recovery_code_used',
    ]);
  });

  it('a code read from one sign-in cannot answer the asking of another session within its window', async () => {
    const { user, secret, agent: stale } = await signedInWithApp();
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 60_000);
    askedAgain(await stale.post('/api/second-factor/recovery-codes'));
    nextStep();
    const seen = await code(secret);
    const owner = t.agent();
    await fx.passwordStep(owner, user.username, user.password);
    expect((await fx.codeStep(owner, { code: seen })).statusCode).toBe(200);
    const replay = await stale.post('/api/second-factor/verify', { code: seen });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(secondFactorMessages.codeUsed);
    askedAgain(await stale.post('/api/second-factor/recovery-codes'));
  });

  it("one account's recovery code does nothing for another; wrong ones do not lock its app out", async () => {
    const a = await signedInWithApp();
    const b = await signedInWithApp('staff');
    for (let i = 0; i < 6; i++) {
      const res = await b.agent.post('/api/second-factor/verify', { recovery_code: a.recovery[i]! });
      expect(res.json().message).toBe(secondFactorMessages.recoveryWrong);
    }
    t.clock.advance(30_000); // the next code: the one of the sign-in is used up
    const verified = await b.agent.post('/api/second-factor/verify', { code: await code(b.secret) });
    expect(verified.statusCode, verified.body).toBe(204);
    // The other account's codes are untouched, and its limit too.
    expect((await a.agent.get('/api/second-factor')).json().recovery_codes_left).toBe(10);
    expect(
      (await a.agent.post('/api/second-factor/verify', { recovery_code: a.recovery[0]! })).statusCode,
    ).toBe(204);
    expect((await a.agent.get('/api/second-factor')).json().recovery_codes_left).toBe(9);
    t.clock.advanceMinutes(16);
  });

  it('an account with no second factor has no recovery codes to renew', async () => {
    const { agent } = await enrolling();
    const res = await agent.post('/api/second-factor/recovery-codes');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(secondFactorMessages.recoveryNeedsFactor);
  });
});

describe('removing the authenticator app (D51)', () => {
  it('the only administrator needs a recovery code to remove the last factor, and must set one up again', async () => {
    const { user, recovery, agent } = await signedInWithApp();
    // Every other administrator is deactivated: this one is the school's only one.
    await t.database.db
      .update(staffUsers)
      .set({ active: false })
      .where(and(eq(staffUsers.role, 'admin'), ne(staffUsers.id, user.id)));
    expect((await agent.get('/api/second-factor')).json().only_admin).toBe(true);
    for (const body of [{}, { recovery_code: 'aaaa-bbbb-cccc' }]) {
      const refused = await agent.post('/api/second-factor/totp/remove', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual([
        { field: 'recovery_code', message: secondFactorMessages.lastAdminNeedsRecovery },
      ]);
    }
    expect(
      (await agent.post('/api/second-factor/totp/remove', { recovery_code: recovery[3]! })).statusCode,
    ).toBe(204);
    // The codes printed for the app go with it.
    expect((await agent.get('/api/second-factor')).json()).toMatchObject({
      totp: false,
      recovery_codes_left: 0,
    });
    expect((await agent.get('/api/me')).json().must_enrol).toBe(true);
    expect((await agent.get('/api/terms')).statusCode).toBe(403);
    expect((await agent.post('/api/second-factor/totp/remove', {})).json().message).toBe(
      secondFactorMessages.totpNone,
    );
    expect((await outcomes(user.id)).at(-1)).toBe('totp_removed');
    await t.database.db.update(staffUsers).set({ active: true }).where(eq(staffUsers.role, 'admin'));
  });

  it('a staff member removes their app without a code; their next sign-in needs none', async () => {
    const { user, agent } = await signedInWithApp('staff');
    expect((await agent.post('/api/second-factor/totp/remove', {})).statusCode).toBe(204);
    expect((await agent.get('/api/me')).json().must_enrol).toBe(false);
    const next = await fx.passwordStep(t.agent(), user.username, user.password);
    expect(next.json().second_factor).toBe(null);
  });

  it('removing after 12 hours asks again first', async () => {
    const { agent } = await signedInWithApp('staff');
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 60_000);
    askedAgain(await agent.post('/api/second-factor/totp/remove', {}));
    askedAgain(await agent.post('/api/second-factor/totp/start', {}));
  });
});
