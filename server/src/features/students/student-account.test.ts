import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStudentListSchema, messages } from '@sp/domain';
import { auditLog } from '../../db/schema.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actionsOf = async (studentId: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.student_id, studentId))).map(
    (r) => r.action,
  );

describe('POST /api/reset-password-student', () => {
  it("ends the student's sessions and makes the date of birth work once, audited", async () => {
    const { agent: student, student: s } = await t.signInStudent({ first_name: 'Keisha', last_name: 'Ali' });
    expect((await student.get('/api/me')).statusCode).toBe(200);

    const admin = await t.signInAdmin();
    const res = await admin.post('/api/reset-password-student', { student_id: s.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Keisha Ali password reset successfully.', id: s.id });

    expect((await student.get('/api/me')).statusCode).toBe(401);
    const old = await t.agent().post('/api/login-student', { student_id: s.id, password: s.password });
    expect(old.statusCode).toBe(401);
    const byBirth = t.agent();
    const first = await byBirth.post('/api/login-student', { student_id: s.id, password: s.typedBirthDate });
    expect(first.json()).toMatchObject({ password_reset: 1 });
    expect(await actionsOf(s.id)).toContain('password_reset');
  });

  it('answers 404 for an unknown student and 400 for a bad body', async () => {
    const admin = await t.signInAdmin();
    expect((await admin.post('/api/reset-password-student', { student_id: 'NOSUCH9' })).statusCode).toBe(404);
    const bad = await admin.post('/api/reset-password-student', { student: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
  });
});

describe('withdraw and reinstate (D29)', () => {
  it('refuses sign-in with a clear message, hides the student, keeps the record; reinstating restores it', async () => {
    const { agent: student, student: s } = await t.signInStudent({ first_name: 'Leaving' });
    const admin = await t.signInAdmin();

    const out = await admin.post(`/api/students/${s.id}/withdraw`, { reason: 'Moved to Tobago.' });
    expect(out.statusCode).toBe(200);
    expect((await student.get('/api/me')).statusCode).toBe(401);

    const refused = await t.agent().post('/api/login-student', { student_id: s.id, password: s.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(messages.withdrawn);
    // A wrong password still answers the usual failure: the state is not told to a guesser.
    const wrong = await t.agent().post('/api/login-student', { student_id: s.id, password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);

    const listed = adminStudentListSchema.parse((await admin.get('/api/students')).json());
    expect(listed.map((r) => r.id)).not.toContain(s.id);
    const all = adminStudentListSchema.parse((await admin.get('/api/students?include_withdrawn=1')).json());
    expect(all.find((r) => r.id === s.id)?.withdrawn_at).toBeTruthy();
    expect((await admin.get(`/api/student/${s.id}`)).statusCode).toBe(200);

    expect((await admin.post(`/api/students/${s.id}/withdraw`, {})).statusCode).toBe(409);
    expect((await admin.post(`/api/students/${s.id}/reinstate`, {})).statusCode).toBe(200);
    const back = await t.agent().post('/api/login-student', { student_id: s.id, password: s.password });
    expect(back.statusCode).toBe(200);
    expect(await actionsOf(s.id)).toEqual(expect.arrayContaining(['student_withdraw', 'student_reinstate']));
  });

  it('refuses an overlong reason, an unknown student and a bad list filter', async () => {
    const s = await createStudent(t.database.db);
    const admin = await t.signInAdmin();
    expect((await admin.post(`/api/students/${s.id}/withdraw`, { reason: 'x'.repeat(201) })).statusCode).toBe(
      400,
    );
    expect((await admin.post('/api/students/NOSUCH9/withdraw', {})).statusCode).toBe(404);
    expect((await admin.get('/api/students?include_withdrawn=yes')).statusCode).toBe(400);
  });
});
