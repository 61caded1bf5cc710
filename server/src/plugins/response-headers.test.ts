import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent.js';
import { createStudent } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Behind one reverse proxy on this machine, which says whether the browser used HTTPS.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => t.close());

/** A browser reaching us through the proxy, over HTTPS or plain HTTP. */
function browser(protocol: 'https' | 'http'): Agent {
  const agent = Object.assign(t.agent(), { ip: '127.0.0.1' });
  const request = agent.request.bind(agent);
  agent.request = (method, url, options = {}) =>
    request(method, url, { ...options, headers: { ...options.headers, 'x-forwarded-proto': protocol } });
  return agent;
}

describe('Cache-Control on personal data', () => {
  it('is no-store on every JSON answer of the API, for the owner and for staff', async () => {
    const { agent, student } = await t.signInStudent();
    const admin = await t.signInAdmin();
    const paths = [
      `/api/student/${student.id}`,
      '/api/me',
      `/api/user/${student.id}`,
      `/api/student-record/${student.id}`,
      `/api/get-files/${student.id}`,
      `/api/student-data-files/${student.id}`,
    ];
    for (const path of paths) {
      const res = await agent.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    expect((await admin.get('/api/students')).headers['cache-control']).toBe('no-store');
    expect((await t.agent().get('/api/me')).headers['cache-control']).toBe('no-store');
  });
});

describe('over HTTPS', () => {
  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await browser('https').get('/api/settings/public')).headers['strict-transport-security']).toMatch(
      /max-age=\d+/,
    );
    expect(
      (await browser('http').get('/api/settings/public')).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it('names the session cookie __Host-sp_session, Secure, for the whole site', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    const agent = browser('https');
    const res = await agent.post('/api/login-student', { student_id: s.id, password: 'Correct-horse-42' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.endsWith('sp_session'));
    expect(cookie).toMatchObject({ name: '__Host-sp_session', secure: true, path: '/' });
    expect(cookie).not.toHaveProperty('domain');
    expect((await agent.get('/api/me')).statusCode).toBe(200);
    // The same session id under the plain name is not accepted over HTTPS.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https', cookie: `sp_session=${cookie!.value}` },
    });
    expect(plain.statusCode).toBe(401);
    expect((await agent.post('/logout')).statusCode).toBe(204);
    expect((await agent.get('/api/me')).statusCode).toBe(401);
  });

  it('keeps the plain name over HTTP', async () => {
    const { agent } = await t.signInStudent();
    expect(agent.sessionCookie).toBeTruthy();
  });
});

describe('XSRF token bound to the session', () => {
  it("a token minted for one client does not pass on another's session", async () => {
    const a = await t.signInStudent();
    const b = await t.signInStudent();
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      remoteAddress: b.agent.ip,
      headers: {
        cookie: `sp_session=${b.agent.sessionCookie}; XSRF-TOKEN=${a.agent.xsrf}`,
        'x-xsrf-token': a.agent.xsrf!,
      },
    });
    expect(res.statusCode).toBe(403);
    expect((await b.agent.get('/api/me')).statusCode).toBe(200);
  });

  it('a fresh token comes with the sign-in, and the old anonymous one stops working', async () => {
    const agent = t.agent();
    await agent.get('/sanctum/csrf-cookie');
    const anonymous = agent.xsrf!;
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    await agent.post('/api/login-student', { student_id: s.id, password: 'Correct-horse-42' });
    expect(agent.xsrf).toBeTruthy();
    expect(agent.xsrf).not.toBe(anonymous);
    const stale = await agent.post('/logout', undefined, {
      xsrf: false,
      headers: { 'x-xsrf-token': anonymous },
    });
    expect(stale.statusCode).toBe(403);
    expect((await agent.post('/logout')).statusCode).toBe(204);
  });
});
