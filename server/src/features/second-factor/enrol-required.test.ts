import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MAX_FAILURES, secondFactorMessages } from '@sp/domain';
import { settings } from '../../db/schema.js';
import { createStaffUser } from '../../shared/staff-users.js';
import { createStaff } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { passwordStep, totpCode } from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A new install: no rule written, so the default applies.
  await t.database.db.delete(settings).where(eq(settings.key, 'second_factor_policy'));
});
afterAll(() => t.close());

describe('a second factor the school requires (D51)', () => {
  it('a new install sends an administrator without one to set it up, and nowhere else', async () => {
    const admin = await createStaff(t.database.db, undefined, undefined, 'admin');
    const agent = t.agent();
    const res = await passwordStep(agent, admin.username, admin.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ second_factor: 'enrol', password_reset: 0 });
    expect((await agent.get('/api/me')).json()).toMatchObject({ kind: 'staff', must_enrol: true });
    const refused = await agent.get('/api/terms');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(secondFactorMessages.enrolRequired);
    // Changing the password does not get round it.
    const changed = await agent.post('/api/change-password-staff', {
      old_password: admin.password,
      password: 'Another-pass-321',
    });
    expect(changed.statusCode).toBe(200);
    expect((await agent.get('/api/me')).json()).toMatchObject({ must_enrol: true });
    expect((await agent.get('/api/terms')).statusCode).toBe(403);
  });

  it('the staff role is not asked under the default rule', async () => {
    const staff = await createStaff(t.database.db, undefined, undefined, 'staff');
    const agent = t.agent();
    expect((await passwordStep(agent, staff.username, staff.password)).json()).toMatchObject({
      second_factor: null,
    });
    expect((await agent.get('/api/terms')).statusCode).toBe(200);
  });

  it('a one-time password first chooses a password, then must set up the factor', async () => {
    await createStaffUser(
      t.database.db,
      { username: 'newhead', fullName: 'New Head', role: 'admin', password: 'One-time-pass-1' },
      t.clock.now(),
      { oneTime: true },
    );
    const agent = t.agent();
    expect((await passwordStep(agent, 'newhead', 'One-time-pass-1')).json()).toMatchObject({
      password_reset: 1,
      second_factor: 'enrol',
    });
    expect((await agent.get('/api/terms')).statusCode).toBe(403);
    expect((await agent.post('/api/change-password-staff', { password: 'Chosen-pass-987' })).statusCode).toBe(
      200,
    );
    expect((await agent.get('/api/me')).json()).toMatchObject({ limited: false, must_enrol: true });
    const refused = await agent.get('/api/terms');
    expect(refused.json().message).toBe(secondFactorMessages.enrolRequired);
  });
});

describe('a password-only session meets the owner enrolling elsewhere (D51)', () => {
  it('the other session ends when the first factor is set up, and cannot change its way out first', async () => {
    const admin = await createStaff(t.database.db, undefined, undefined, 'admin');
    const thief = t.agent();
    const owner = t.agent();
    expect((await passwordStep(thief, admin.username, admin.password)).json().second_factor).toBe('enrol');
    expect((await passwordStep(owner, admin.username, admin.password)).json().second_factor).toBe('enrol');
    const { secret } = (await owner.post('/api/second-factor/totp/start')).json<{ secret: string }>();
    const confirmed = await owner.post('/api/second-factor/totp/confirm', {
      code: await totpCode(secret, t.clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await owner.get('/api/terms')).statusCode).toBe(200);
    // The thief's session is gone: no password change turns it into a full one.
    const changed = await thief.post('/api/change-password-staff', {
      old_password: admin.password,
      password: 'Thief-pass-4321',
    });
    // Refused (its security token belonged to the ended session), and nothing is signed in.
    expect(changed.statusCode, changed.body).toBe(403);
    expect((await thief.get('/api/students')).statusCode).toBe(401);
  });

  it('guessing the first code of a set-up secret is limited like a sign-in', async () => {
    const admin = await createStaff(t.database.db, undefined, undefined, 'admin');
    const agent = t.agent();
    await passwordStep(agent, admin.username, admin.password);
    expect((await agent.post('/api/second-factor/totp/start')).statusCode).toBe(200);
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++)
      expect((await agent.post('/api/second-factor/totp/confirm', { code: '000000' })).statusCode).toBe(400);
    const locked = await agent.post('/api/second-factor/totp/confirm', { code: '000000' });
    expect(locked.statusCode).toBe(429);
    t.clock.advanceMinutes(16);
  });

  it('a Host header no browser sends gets a 400, not a server error', async () => {
    for (const host of ['a b', 'x[', 'h:99999']) {
      const res = await t.agent().post('/api/passkeys/sign-in-options', {}, { headers: { host } });
      expect(res.statusCode, host).toBe(400);
    }
  });
});
