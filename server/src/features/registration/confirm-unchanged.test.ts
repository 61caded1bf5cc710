import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  academicYearLabel,
  messages,
  notEnrolledMessage,
  notReturningMessage,
  stepIncompleteMessage,
} from '@sp/domain';
import {
  auditLog,
  enrolments,
  registrationProgress,
  registrationWindows,
  students,
} from '../../db/schema.js';
import { closedMessage } from '../../shared/registration-window.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeReturning } from './returning-student.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.update(registrationWindows).set({ open: 1, deadline: null });
});

const confirmPath = (step: string) => `/api/registration/steps/${step}/unchanged`;
const stamps = async (id: string, year: number) =>
  (
    await t.database.db
      .select({ unchanged: enrolments.unchanged })
      .from(enrolments)
      .where(and(eq(enrolments.student_id, id), eq(enrolments.year, year)))
  )[0]!.unchanged;
const auditsOf = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.student_id, id), eq(auditLog.action, 'step_unchanged')));

async function returningStudent() {
  const signedIn = await t.signInStudent();
  const year = await makeReturning(t.database.db, signedIn.student.id);
  return { ...signedIn, year };
}

describe('POST /api/registration/steps/:step/unchanged', () => {
  it('stamps the step on this year’s enrolment, completes it and audits it once, however often it is sent', async () => {
    const { agent, student, year } = await returningStudent();
    const res = await agent.post(confirmPath('family_data'), { student_id: student.id });
    expect(res.statusCode, res.body).toBe(200);
    const at = (await stamps(student.id, year)).family_data;
    expect(at).toBe(t.clock.now().toISOString());
    expect(res.json()).toMatchObject({
      message: 'Confirmed unchanged.',
      year: {
        year,
        label: academicYearLabel(year),
        returning: true,
        enrolled: true,
        unchanged: { family_data: at },
      },
    });
    const record = (await agent.get(`/api/student/${student.id}`)).json();
    // Only the confirmed step: the others are filled in from last year but not yet done this year.
    expect(record.progress).toMatchObject({ familyData: true, studentData: false, otherData: false });

    t.clock.advance(60_000);
    const again = await agent.post(confirmPath('family_data'), { student_id: student.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Already confirmed.');
    expect((await stamps(student.id, year)).family_data).toBe(at);
    const audits = await auditsOf(student.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_kind: 'student',
      actor_id: student.id,
      new_value: 'Family Data',
    });
  });

  it('confirms health with nothing ticked: the step has no required answer', async () => {
    const { agent, student } = await returningStudent();
    expect((await agent.post(confirmPath('health_data'), { student_id: student.id })).statusCode).toBe(200);
    expect((await agent.get(`/api/student/${student.id}`)).json().progress.healthData).toBe(true);
  });

  it('answers 400 naming the fields to fill when the step is not complete, and stamps nothing', async () => {
    const { agent, student, year } = await returningStudent();
    await t.database.db
      .update(students)
      .set({ emergency_contact: null, home_phone_emergency: null })
      .where(eq(students.id, student.id));
    const res = await agent.post(confirmPath('family_data'), { student_id: student.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(stepIncompleteMessage);
    const { errors } = res.json<{ errors: { field: string }[] }>();
    expect(errors.map((e) => e.field)).toEqual(['emergency_contact', 'home_phone_emergency']);
    expect(await stamps(student.id, year)).toEqual({});
    expect(await auditsOf(student.id)).toHaveLength(0);
  });

  it('refuses a student who is new this year (403) and a step that cannot be confirmed (400)', async () => {
    const { agent, student } = await t.signInStudent();
    const res = await agent.post(confirmPath('family_data'), { student_id: student.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(notReturningMessage);

    const { agent: back, student: returning } = await returningStudent();
    for (const step of ['documents', 'submit', 'studentData', 'x'.repeat(60)]) {
      const bad = await back.post(confirmPath(step), { student_id: returning.id });
      expect(bad.statusCode, step).toBe(400);
    }
    expect(
      (await back.post(confirmPath('other_data'), { student_id: returning.id, extra: 1 })).statusCode,
    ).toBe(400);
  });

  it('lets staff confirm for a student at any time, and answers 404 for a student who does not exist', async () => {
    const { student, year } = await returningStudent();
    await t.database.db.update(registrationWindows).set({ open: 0 });
    const admin = await t.signInAdmin();
    const res = await admin.post(confirmPath('other_data'), { student_id: student.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(await stamps(student.id, year))).toEqual(['other_data']);
    expect((await auditsOf(student.id))[0]).toMatchObject({ actor_kind: 'admin' });
    expect((await admin.post(confirmPath('other_data'), { student_id: 'NOPE-1' })).statusCode).toBe(404);
  });

  it('refuses the family while registration is closed for their form, as a save is refused', async () => {
    const { agent, student, year } = await returningStudent();
    await t.database.db.update(registrationWindows).set({ open: 0 });
    const res = await agent.post(confirmPath('student_data'), { student_id: student.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(closedMessage({ open: 0, deadline: null }));
    expect(await stamps(student.id, year)).toEqual({});
  });
});

describe('a returning student’s steps this year', () => {
  it('completes only the step a save touches, though last year’s answers fill the others', async () => {
    const { agent, student } = await returningStudent();
    const res = await agent.post('/api/student', { id: student.id, phone_home: '6112233' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().progress).toMatchObject({ studentData: true, familyData: false, otherData: false });
    const [row] = await t.database.db
      .select()
      .from(registrationProgress)
      .where(eq(registrationProgress.student_id, student.id));
    expect(row).toMatchObject({ family_data: null, other_data: null });
  });

  it('GET /api/me tells a returning student, a new one and a leaver apart', async () => {
    const { agent, year } = await returningStudent();
    expect((await agent.get('/api/me')).json().year).toEqual({
      year,
      label: academicYearLabel(year),
      returning: true,
      status: 'enrolled',
      enrolled: true,
      unchanged: {},
    });
    const fresh = await t.signInStudent();
    expect((await fresh.agent.get('/api/me')).json().year).toMatchObject({
      returning: false,
      enrolled: true,
    });
    const leaver = await t.signInStudent();
    await makeReturning(t.database.db, leaver.student.id, { status: 'graduated' });
    expect((await leaver.agent.get('/api/me')).json().year).toMatchObject({
      status: 'graduated',
      enrolled: false,
    });
  });
});

describe('a leaver', () => {
  it('who was withdrawn is still refused at sign-in, returning or not (D29)', async () => {
    const { student } = await t.signInStudent();
    await makeReturning(t.database.db, student.id);
    await t.database.db
      .update(students)
      .set({ withdrawn_at: t.clock.now() })
      .where(eq(students.id, student.id));
    const res = await t
      .agent()
      .post('/api/login-student', { student_id: student.id, password: student.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.withdrawn);
  });

  for (const [how, thisYear] of [
    ['with no enrolment this year', null],
    ['who transferred', { status: 'transferred' }],
  ] as const) {
    it(`${how} signs in but every registration route refuses with 403 and says why`, async () => {
      const { agent, student } = await t.signInStudent();
      const year = await makeReturning(t.database.db, student.id, thisYear);
      const message = notEnrolledMessage(academicYearLabel(year));
      const again = t.agent();
      expect(
        (await again.post('/api/login-student', { student_id: student.id, password: student.password }))
          .statusCode,
      ).toBe(200);
      expect((await again.get('/api/me')).json().year).toMatchObject({ enrolled: false });
      for (const res of [
        await agent.get(`/api/student/${student.id}`),
        await agent.post('/api/student', { id: student.id, phone_home: '6112233' }),
        await agent.post(confirmPath('family_data'), { student_id: student.id }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(message);
      }
      const saved = await t.database.db.select().from(students).where(eq(students.id, student.id));
      expect(saved[0]!.phone_home).toBe('6223344');
      // Staff still open the record of someone who has left.
      expect((await (await t.signInAdmin()).get(`/api/student/${student.id}`)).statusCode).toBe(200);
    });
  }
});
