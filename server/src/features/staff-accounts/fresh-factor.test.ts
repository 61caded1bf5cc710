import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_FACTOR_FIELD, SECOND_FACTOR_FRESH_MS } from '@sp/domain';
import { createStaff } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { codeStep, giveTotp, passwordStep, totpCode } from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the 12 hours here, so the factor's age is what is tested, not the session's.
  t = await createTestApp({ SESSION_ABSOLUTE_HOURS: '48', SESSION_IDLE_MINUTES: '1440' });
});
afterAll(() => t.close());

describe('Settings ask for the second factor again after 12 hours (D51)', () => {
  it('a code at sign-in is enough for 12 hours; then a write is refused until the code is given again', async () => {
    const user = await createStaff(t.database.db);
    const secret = await giveTotp(t.database.db, user.id, t.clock.now());
    const code = () => totpCode(secret, t.clock.now());
    const agent = t.agent();
    expect((await passwordStep(agent, user.username, user.password)).json().second_factor).toBe('code');
    expect((await codeStep(agent, { code: await code() })).statusCode).toBe(200);
    const change = (policy: string) => agent.post('/api/settings', { second_factor_policy: policy });

    expect((await change('all')).statusCode).toBe(200);
    t.clock.advance(SECOND_FACTOR_FRESH_MS - 60_000);
    expect((await change('optional')).statusCode).toBe(200);

    t.clock.advance(2 * 60_000);
    const asked = await change('all');
    expect(asked.statusCode).toBe(403);
    expect(asked.json().errors).toEqual([{ field: FRESH_FACTOR_FIELD, message: asked.json().message }]);
    expect((await agent.get('/api/settings')).json().second_factor_policy).toBe('optional');

    // The code given again (the page's Confirm it's you) opens the next 12 hours.
    t.clock.advance(60_000);
    expect((await agent.post('/api/second-factor/verify', { code: await code() })).statusCode).toBe(204);
    expect((await change('all')).statusCode).toBe(200);
  });
});

/** Every route D51 calls sensitive, with a body it would take: each asks for the factor again after 12 hours. */
const SENSITIVE: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
  ['POST', '/api/staff-users', { username: 'newcomer', full_name: 'New Comer', role: 'staff' }],
  ['POST', '/api/staff-users/OTHER', { full_name: 'Renamed' }],
  ['POST', '/api/staff-users/OTHER/reset-password', {}],
  ['POST', '/api/staff-users/OTHER/second-factor/reset', {}],
  ['POST', '/api/settings', { second_factor_policy: 'optional' }],
  ['POST', '/api/settings/registration-windows', { form_level: 1, open: true, deadline: null, note: '' }],
  ['DELETE', '/api/settings/logo'],
  ['POST', '/api/admin/settings/test-email', { to: 'office@example.com' }],
  ['PUT', '/api/admin/account/email', { email: 'someone-else@example.com' }],
  ['GET', '/api/registration-data-spreadsheet'],
  ['GET', '/api/backups/latest'],
  ['POST', '/api/second-factor/totp/start', {}],
  ['POST', '/api/second-factor/totp/remove', {}],
  ['POST', '/api/second-factor/recovery-codes', {}],
  ['POST', '/api/passkeys/register-options', {}],
  ['POST', '/api/passkeys/1/rename', { name: 'Taken' }],
  ['POST', '/api/passkeys/1/remove', {}],
];

describe('every sensitive action asks for the second factor again after 12 hours (D51)', () => {
  it('staff accounts, settings, the test e-mail, the own address, the export, backups and second-factor changes', async () => {
    const user = await createStaff(t.database.db);
    const other = await createStaff(t.database.db, undefined, undefined, 'staff');
    const secret = await giveTotp(t.database.db, user.id, t.clock.now());
    const agent = t.agent();
    await passwordStep(agent, user.username, user.password);
    expect((await codeStep(agent, { code: await totpCode(secret, t.clock.now()) })).statusCode).toBe(200);
    const before = (await agent.get('/api/settings')).json();
    const account = (await agent.get('/api/admin/account')).json();
    t.clock.advance(SECOND_FACTOR_FRESH_MS + 60_000);
    const answers = [];
    for (const [method, url, body] of SENSITIVE) {
      const res = await agent.request(method, url.replace('OTHER', String(other.id)), { body });
      answers.push([method, url, res.statusCode, res.json().errors?.[0]?.field]);
    }
    expect(answers).toEqual(SENSITIVE.map(([method, url]) => [method, url, 403, FRESH_FACTOR_FIELD]));
    // Nothing was done meanwhile.
    expect((await agent.get('/api/settings')).json()).toEqual(before);
    expect((await agent.get('/api/admin/account')).json()).toEqual(account);
  });
});
