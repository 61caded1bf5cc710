import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../mail/tokens.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(() => t.close());

describe('a link’s token in the request log', () => {
  it('is hidden: a log reader cannot use a live reset link', async () => {
    const student = await createStudent(t.database.db);
    const owner = { kind: 'student' as const, id: student.id };
    const token = await createToken(
      t.database.db,
      'reset',
      { owner, address: 'a@example.com' },
      t.clock.now(),
    );
    const res = await t.agent().get(`/api/password-link?token=${token}`);
    expect(res.json()).toEqual({ valid: true, kind: 'student' });
    const line = logLines.find((l) => l.includes('/api/password-link'));
    expect(line).toContain('/api/password-link?token=[hidden]');
    expect(logLines.join('')).not.toContain(token);
  });
});
