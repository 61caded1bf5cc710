import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_HEADER, messages } from '@sp/domain';
import { openRegistration } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** D4 with a one-minute idle window: activity of any kind keeps the session, a minute of none ends it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
  await openRegistration(t.database.db);
});
afterAll(() => t.close());

describe('a short idle window', () => {
  it('keeps a student who autosaves every 45 seconds signed in for ten minutes', async () => {
    const { agent, student } = await t.signInStudent();
    for (let i = 0; i < 13; i++) {
      t.clock.advance(45_000);
      const res = await agent.post('/api/student', { id: student.id, home_address: `${i} Frederick Street` });
      expect(res.statusCode, `save ${i}: ${res.body}`).toBe(200);
    }
  });

  it('keeps staff who only read pages signed in, and ends the session after a minute of nothing', async () => {
    const admin = await t.signInAdmin();
    // The page's idle warning is told the same window.
    expect((await admin.get('/api/me')).headers[SESSION_IDLE_HEADER]).toBe('60');
    for (const url of ['/api/students', '/api/completion', '/api/staff-users', '/api/me', '/api/students']) {
      t.clock.advance(50_000);
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
    t.clock.advance(61_000);
    const res = await admin.get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.sessionExpired);
  });
});
