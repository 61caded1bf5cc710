import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '@sp/domain';
import {
  documentChecks,
  enrolments,
  registrationProgress,
  students,
  uploadedFiles,
} from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { openRegistration } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { currentYear } from '../../shared/school-years.js';
import { totpCode } from '../../test/totp-kit.js';
import { addClasses, registeredStudent, rollOver, snapshot, student } from '../../test/rollover-kit.js';

let t: TestApp;
let admin: Agent;
let year: number;
let family: { id: string; password: string };
let original: Record<string, unknown[]>;
const db = () => t.database.db;
const DAY = 24 * 60 * 60_000;
type HistoryAnswer = {
  entries: { action: string; what: string; old_value: string | null; new_value: string | null }[];
};

/** Noon at the school today, so "the same school day" does not depend on when the tests run. */
const noonAtSchool = () => {
  const today = dateInZone(new Date(), t.app.ctx.config.SCHOOL_TIMEZONE);
  t.clock.advance(new Date(`${today}T16:00:00Z`).getTime() - t.clock.now().getTime());
};
const undo = (agent: Agent, body: unknown = { year: year + 1 }) =>
  agent.post('/api/admin/rollover/undo', body);
const signInFamily = async () => {
  const agent = t.agent();
  const res = await agent.post('/api/login-student', { student_id: family.id, password: family.password });
  expect(res.statusCode, res.body).toBe(200);
  return agent;
};

beforeAll(async () => {
  t = await createTestApp();
  noonAtSchool();
  admin = await t.signInAdmin();
  await addClasses(db());
  year = (await currentYear(db())).year;
  const password = 'Family-pass-2026';
  family = { id: (await registeredStudent(db(), '1A', password)).id, password };
  await registeredStudent(db(), '5A');
  const withdrawn = await student(db(), '2A', { withdrawn_at: new Date('2026-10-01T12:00:00Z') });
  const repeating = await student(db(), '3A');
  // Statuses the closing rewrites, as an earlier rollover or a withdrawal left them.
  await db().update(enrolments).set({ status: 'withdrawn' }).where(eq(enrolments.student_id, withdrawn.id));
  await db().update(enrolments).set({ status: 'repeating' }).where(eq(enrolments.student_id, repeating.id));
  await openRegistration(db(), 1);
});
afterAll(() => t.close());

describe('undoing a rollover', () => {
  it('refuses a year no rollover opened, a staff member, and a bad body', async () => {
    const none = await undo(admin, { year });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/not opened by a rollover/);
    expect((await undo(await t.signInStaff())).statusCode).toBe(403);
    expect((await undo(admin, { year: 'next' })).statusCode).toBe(400);
    expect((await undo(admin, { year: 2001 })).statusCode).toBe(404);
  });

  it('archives the photo, keeps the birth certificate, and the family starts afresh with their answers kept', async () => {
    original = await snapshot(db());
    const res = await rollOver(db(), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived_documents: 2, removed_checks: 2, closed_windows: 1 });
    const files = await db().select().from(uploadedFiles).where(eq(uploadedFiles.student_id, family.id));
    expect(files.find((f) => f.type === 'picture')?.year).toBe(year);
    expect(files.find((f) => f.type === 'birth_certificate')?.year).toBeNull();
    const checks = await db().select().from(documentChecks).where(eq(documentChecks.student_id, family.id));
    expect(checks.map((c) => c.type)).toEqual(['birth_certificate']);

    const [closed] = await db()
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.student_id, family.id), eq(enrolments.year, year)));
    expect(closed?.record).toMatchObject({ id: family.id, mother_name: 'Mary Ramdial', class_id: '1A' });
    expect(closed?.terms).toMatchObject({ agreed: 1, ip: '10.1.2.3', version: 1 });
    expect(closed?.steps?.student_data).toBeTruthy();
    expect(closed?.documents?.map((d) => d.type)).toEqual(['birth_certificate', 'picture']);

    const agent = await signInFamily();
    const record = await agent.get(`/api/student/${family.id}`);
    expect(record.statusCode, record.body).toBe(200);
    const body = record.json();
    expect(body).toMatchObject({ mother_name: 'Mary Ramdial', class_id: '2A', agree_terms_conditions: 0 });
    expect(Object.values(body.progress).filter(Boolean)).toEqual([]);

    // The family's history says the year closed, the class then and the next.
    const history = (await admin.get(`/api/students/${family.id}/history`)).json<HistoryAnswer>();
    expect(history.entries.find((e) => e.action === 'year_end')).toMatchObject({
      action: 'year_end',
      what: 'School year closed: class then and next',
      old_value: '1A',
      new_value: '2A',
    });
  });

  it('puts back every row as it was, on the same day after sign-ins only', async () => {
    // Setting up one's own second factor saves nothing in the year.
    const { secret } = (await admin.post('/api/second-factor/totp/start')).json<{ secret: string }>();
    const confirmed = await admin.post('/api/second-factor/totp/confirm', {
      code: await totpCode(secret, t.clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const res = await undo(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ year, undone_year: year + 1 });
    expect(await snapshot(db())).toEqual(original);
    expect((await currentYear(db())).year).toBe(year);
    const history = (await admin.get(`/api/students/${family.id}/history`)).json<HistoryAnswer>();
    const actions = history.entries.map((e) => e.action).filter((a) => a !== 'login');
    expect(actions.slice(0, 2)).toEqual(['rollover_undo', 'year_end']);
  });

  it('refuses the next school day', async () => {
    expect((await rollOver(db(), admin)).statusCode).toBe(200);
    t.clock.advance(DAY);
    const late = await undo(await t.signInAdmin());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/only be undone on the day it was made/);
    t.clock.advance(-DAY);
    admin = await t.signInAdmin();
  });

  it('refuses once the family saved a field in the new year', async () => {
    await openRegistration(db(), 2);
    const agent = await signInFamily();
    const saved = await agent.post('/api/student', { id: family.id, mother_name: 'Mary Ramdial-Singh' });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await undo(admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Something was saved/);
    const [live] = await db().select().from(students).where(eq(students.id, family.id));
    expect(live?.class_id).toBe('2A');
    const [progress] = await db()
      .select()
      .from(registrationProgress)
      .where(eq(registrationProgress.student_id, family.id));
    expect(progress?.student_data).toBeNull();
  });
});
