import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const choose = (agent: Awaited<ReturnType<TestApp['signInAdmin']>>, language: unknown) =>
  agent.request('PUT', '/api/me/language', { body: { language } });

describe('the language remembered per account (D53)', () => {
  it("is null until chosen, then follows the student to another browser; a parent's is their own", async () => {
    const { agent, student } = await t.signInStudent();
    expect((await agent.get('/api/me')).json().language).toBeNull();
    const chosen = await choose(agent, 'es');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: 'es' });

    const { agent: parent } = await t.signInParent([student.id]);
    // The parent sees the child's pages but keeps a language of their own.
    expect((await parent.get('/api/me')).json().language).toBeNull();
    expect((await choose(parent, 'en')).statusCode).toBe(200);
    expect((await parent.get('/api/me')).json().language).toBe('en');

    const other = t.agent();
    const signIn = await other.post('/api/login-student', {
      student_id: student.id,
      password: student.password,
    });
    expect(signIn.statusCode).toBe(200);
    expect((await other.get('/api/me')).json().language).toBe('es');
  });

  it('refuses a language the portal does not speak, and a body with more than the language', async () => {
    const { agent } = await t.signInStudent();
    for (const body of [{ language: 'fr' }, { language: null }, {}, { language: 'es', extra: 1 }]) {
      const res = await agent.request('PUT', '/api/me/language', { body });
      expect(res.statusCode).toBe(400);
    }
    expect((await choose(agent, 'fr')).json().message).toMatch(/English \(en\) or Spanish \(es\)/);
    expect((await agent.get('/api/me')).json().language).toBeNull();
  });

  it('lets a first sign-in choose; refuses staff, whose area stays English', async () => {
    const student = await createStudent(t.database.db);
    const agent = t.agent();
    await agent.post('/api/login-student', { student_id: student.id, password: student.typedBirthDate });
    expect((await agent.get('/api/me')).json().limited).toBe(true);
    expect((await choose(agent, 'es')).statusCode).toBe(200);
    const staff = await t.signInStaff();
    expect((await choose(staff, 'es')).statusCode).toBe(403);
    expect((await staff.get('/api/me')).json().language).toBeUndefined();
  });
});
