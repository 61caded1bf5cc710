import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Behind one reverse proxy at 127.0.0.1, which appends the address it saw to X-Forwarded-For. */
describe.each([['1'], ['127.0.0.1']])('client address with TRUST_PROXY=%s', (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: trustProxy });
  });
  afterAll(() => t.close());

  const viaProxy = (studentId: string, forwardedFor: string) => {
    const agent = Object.assign(t.agent(), { ip: '127.0.0.1' });
    return agent.post(
      '/api/login-student',
      { student_id: studentId, password: 'wrong-password' },
      { headers: { 'x-forwarded-for': forwardedFor } },
    );
  };

  it('takes the address the proxy saw, not a left-most entry the client wrote', async () => {
    const id = `XFF${trustProxy.length}A`;
    await viaProxy(id, '6.6.6.6, 203.0.113.7');
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.actor_id, id));
    expect(row?.ip).toBe('203.0.113.7');
  });

  it('a client cannot escape the sign-in limit by forging entries', async () => {
    const id = `XFF${trustProxy.length}B`;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await viaProxy(id, `6.6.6.${i}, 203.0.113.8`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
