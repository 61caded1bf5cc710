import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX } from '../../test/authorization-matrix.js';
import { createStaff, createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { codeStep, giveTotp, passwordStep, totpCode } from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a sign-in waiting for its second factor (D51)', () => {
  // Every route the matrix refuses to a visitor, but the second step itself (where the wait is the point).
  const refusedToVisitors = AUTHORIZATION_MATRIX.filter(
    (row) => row.expect.anonymous === 401 && row.route !== '/api/admin-login/second-factor',
  );

  it('is refused by every route a visitor is refused by, as a visitor is', async () => {
    expect(refusedToVisitors.length).toBeGreaterThan(100);
    const admin = await createStaff(t.database.db);
    const secret = await giveTotp(t.database.db, admin.id, t.clock.now());
    const agent = t.agent();
    expect((await passwordStep(agent, admin.username, admin.password)).json().second_factor).toBe('code');
    const owner = (await createStudent(t.database.db)).id;
    const answered: string[] = [];
    for (const row of refusedToVisitors) {
      const res = await agent.request(row.method, row.path(owner), { body: row.body?.(owner) });
      if (res.statusCode !== 401) answered.push(`${row.method} ${row.route}: ${res.statusCode}`);
    }
    expect(answered).toEqual([]);
    // The session was waiting all along: the code still signs it in.
    expect((await codeStep(agent, { code: await totpCode(secret, t.clock.now()) })).statusCode).toBe(200);
  });
});
