import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME, messages } from '@sp/domain';
import { createStaff, createStudent, openRegistration } from './factories.js';
import { multipart, samples } from './multipart.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * D1: the spec's own client still talks to us. Each call of spec section 7 that this server answers, with
 * the payload exactly as the spec's client sends it (section 7 and the sign-in payload of section 3).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await openRegistration(t.database.db);
});
afterAll(() => t.close());

describe("the spec's student calls", () => {
  it('GET /sanctum/csrf-cookie before login', async () => {
    const agent = t.agent();
    expect((await agent.get('/sanctum/csrf-cookie')).statusCode).toBe(204);
    expect(agent.xsrf).toBeTruthy();
  });

  it('first login with { student_id, password, newPassword }, then the reset step', async () => {
    const s = await createStudent(t.database.db, { date_of_birth: '2013-04-09', first_name: 'Kavita' });
    const agent = t.agent();
    const login = await agent.post('/api/login-student', {
      student_id: s.id,
      password: '20130409',
      newPassword: '',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().name).toBe(`Kavita ${s.last_name}`);
    const user = await agent.get(`/api/user/${s.id}`);
    // The first-login session may only set its password; the spec's client reads password_reset from login.
    expect(login.json().password_reset).toBe(1);
    expect(user.statusCode).toBe(403);

    const reset = await agent.post('/api/change-password-student', {
      student_id: s.id,
      password: 'Mango-tree-77',
      newPassword: 'Mango-tree-77',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().name).toBe(`Kavita ${s.last_name}`);
  });

  it('the reset step with { student_id, reset_password } and with { student_id, password }', async () => {
    for (const key of ['reset_password', 'password']) {
      const s = await createStudent(t.database.db);
      const agent = t.agent();
      await agent.post('/api/login-student', { student_id: s.id, password: s.typedBirthDate });
      const res = await agent.post('/api/change-password-student', {
        student_id: s.id,
        [key]: 'Mango-tree-77',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().name).toBeTruthy();
    }
  });

  it('refuses a newPassword that differs from the new password, and other unknown fields', async () => {
    const s = await createStudent(t.database.db);
    const agent = t.agent();
    await agent.post('/api/login-student', {
      student_id: s.id,
      password: s.typedBirthDate,
      newPassword: 'x',
    });
    const mismatch = await agent.post('/api/change-password-student', {
      student_id: s.id,
      reset_password: 'Mango-tree-77',
      newPassword: 'Mango-tree-78',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      errors: [{ field: 'newPassword', message: messages.passwordsDoNotMatch }],
    });
    const unknown = await agent.post('/api/login-student', {
      student_id: s.id,
      password: 'x',
      new_password: 'x',
    });
    expect(unknown.json().message).toMatch(/Unknown field: new_password/);
  });

  it('a signed-in student reads, saves the whole record, uploads and lists documents', async () => {
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    const agent = t.agent();
    const login = await agent.post('/api/login-student', {
      student_id: s.id,
      password: 'Correct-horse-42',
      newPassword: '',
    });
    expect(login.statusCode).toBe(200);
    expect((await agent.get(`/api/user/${s.id}`)).json()[0]).toMatchObject({
      student_id: s.id,
      password_reset: 0,
    });
    expect((await agent.get(`/api/student-record/${s.id}`)).json()[0]).toMatchObject({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
    });
    expect((await agent.get('/api/student-registration/1')).json()).toMatchObject({ open: 1 });
    for (const list of [
      '/api/form-classes',
      '/api/towns',
      '/api/religions',
      '/api/ethnic-groups',
      '/api/houses',
      '/api/regional-corporation',
    ]) {
      const res = await agent.get(list);
      expect(res.statusCode, list).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }

    // The spec's client posts the whole record on every field change.
    const record = (await agent.get(`/api/student/${s.id}`)).json();
    const save = await agent.post('/api/student', { ...record, home_address: '5 Spec Road' });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().updated).toEqual(['home_address']);

    const { body, headers } = multipart(
      { id: s.id, file_type: 'picture' },
      { name: 'me.png', data: samples.png },
    );
    const upload = await agent.post('/api/store-file', body, { headers });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().message).toBeTruthy();
    const files = (await agent.get(`/api/get-files/${s.id}`)).json();
    // The photo is kept as a JPEG at print size (D46), and its name says so.
    expect(files[0]).toMatchObject({ type: 'picture', name: 'me.jpg', url: expect.any(String) });
    expect((await agent.get(`/api/student-data-files/${s.id}`)).json()).toMatchObject({ picture: 1 });
    expect((await agent.post('/logout')).statusCode).toBeLessThan(300);
  });
});

describe("the spec's admin calls", () => {
  it('signs in with { name, password }, lists students, saves a record and the documents record', async () => {
    const admin = await t.signInAdmin();
    const s = await createStudent(t.database.db, { password: 'Correct-horse-42' });
    const relogin = t.agent();
    const staff = await createStaff(t.database.db);
    const res = await relogin.post('/api/admin-login', { name: staff.username, password: staff.password });
    expect(res.json().name).toBe(ADMIN_LOGIN_NAME);

    const list = (await admin.get('/api/students')).json<{ id: string }[]>();
    expect(list.find((r) => r.id === s.id)).toMatchObject({ first_name: s.first_name });
    const record = (await admin.get(`/api/student/${s.id}`)).json();
    const save = await admin.post('/api/student', { ...record, class_id: '1A', middle_name: 'Spec' });
    expect(save.statusCode, save.body).toBe(200);
    const files = (await admin.get(`/api/student-data-files/${s.id}`)).json();
    const mark = await admin.post('/api/student-data-files', { ...files, sea_slip: 1 });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json()).toMatchObject({ sea_slip: 1 });
    expect((await admin.post('/logout')).statusCode).toBeLessThan(300);
  });
});
