import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { forgotPasswordMessage, tooManyRequestsFor } from '@sp/domain';
import { auditLog, rateLimits, staffUsers, students } from '../../db/schema.js';
import { createStaff, createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { FORGOT_LIMITS } from './forgot.js';
import { confirmAddressOf, mailsTo, setAddresses } from './link-kit.js';
import { FORGOT_FLOOR_MS } from '../../shared/answer-floor.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test counts its own requests.
beforeEach(() => db().delete(rateLimits));

const forgot = (studentId: string, agent = t.agent()) =>
  agent.post('/api/forgot-password', { student_id: studentId });

/** A student whose record holds a confirmed mother's address and an unconfirmed father's. */
async function familyWithConfirmedMother(tag: string) {
  const s = await createStudent(db());
  const mother = `mum.${tag}@example.com`;
  const father = `dad.${tag}@example.com`;
  await setAddresses(db(), s.id, { email_mother: mother, email_father: father });
  await confirmAddressOf(db(), 'student', s.id, mother);
  return { ...s, mother, father };
}

describe('forgot password: what an outsider can learn', () => {
  it('answers byte for byte the same for an unknown ID, a student with no confirmed address, and one with', async () => {
    const withAddress = await familyWithConfirmedMother('same');
    const without = await createStudent(db());
    await setAddresses(db(), without.id, { email_mother: 'unconfirmed.same@example.com' });

    const answers = [await forgot('NO-SUCH-ID'), await forgot(without.id), await forgot(withAddress.id)];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ message: forgotPasswordMessage('student') });

    // Only the confirmed address got a link; the unconfirmed ones got nothing.
    expect(await mailsTo(db(), 'unconfirmed.same@example.com')).toEqual([]);
    expect(await mailsTo(db(), withAddress.father)).toEqual([]);
    const [mail] = await mailsTo(db(), withAddress.mother);
    expect(mail).toMatchObject({ kind: 'password_reset_link', student_id: withAddress.id });
    expect(mail!.text_body).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);

    // The count is in the audit, never in the answer.
    const audit = await db()
      .select({ actor: auditLog.actor_id, student: auditLog.student_id, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'password_link_request'));
    expect(audit).toEqual(
      expect.arrayContaining([
        { actor: 'NO-SUCH-ID', student: null, detail: { links_queued: 0 } },
        { actor: without.id, student: without.id, detail: { links_queued: 0 } },
        { actor: withAddress.id, student: withAddress.id, detail: { links_queued: 1 } },
      ]),
    );
  });

  it('takes the same time for each case, never less than the floor', async () => {
    const withAddress = await familyWithConfirmedMother('timing');
    const without = await createStudent(db());
    const cases = { unknown: 'NO-SUCH-ID-2', noConfirmed: without.id, confirmed: withAddress.id };
    const times: Record<string, number[]> = { unknown: [], noConfirmed: [], confirmed: [] };
    for (let i = 0; i < 15; i++) {
      for (const [name, id] of Object.entries(cases)) {
        await db().delete(rateLimits);
        const started = performance.now();
        expect((await forgot(id)).statusCode).toBe(200);
        times[name]!.push(performance.now() - started);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const medians = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    console.log('forgot-password median ms per case (15 calls each):', medians);
    const values = Object.values(medians);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(FORGOT_FLOOR_MS);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThan(5);
    expect(await mailsTo(db(), withAddress.mother)).toHaveLength(15);
  }, 90_000);
});

describe('forgot password: limits', () => {
  it('refuses a sixth request for one student within the hour, from any address, with a 429 that says when', async () => {
    const s = await familyWithConfirmedMother('per-account');
    for (let i = 0; i < FORGOT_LIMITS.perAccount; i++) expect((await forgot(s.id)).statusCode).toBe(200);
    const refused = await forgot(s.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyRequestsFor(60));
    // An unknown ID is counted the same way, so the 429 tells nothing either.
    for (let i = 0; i < FORGOT_LIMITS.perAccount; i++) await forgot('NO-SUCH-ID-3');
    expect((await forgot('NO-SUCH-ID-3')).statusCode).toBe(429);
    expect(await mailsTo(db(), s.mother)).toHaveLength(FORGOT_LIMITS.perAccount);
  });

  it('refuses a client address that asks about many students', async () => {
    const agent = t.agent();
    for (let i = 0; i < FORGOT_LIMITS.perClient; i++)
      expect((await forgot(`SCAN-${i}`, agent)).statusCode).toBe(200);
    const refused = await forgot('SCAN-LAST', agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);
    expect((await forgot('SCAN-LAST')).statusCode).toBe(200);
  });

  it('sends an address no more links an hour than its limit, across siblings, and says nothing of it', async () => {
    const address = 'busy.parent@example.com';
    const siblings = [await createStudent(db()), await createStudent(db())];
    for (const s of siblings) {
      await setAddresses(db(), s.id, { email_guardian: address });
      await confirmAddressOf(db(), 'student', s.id, address);
    }
    const answers = [];
    for (let i = 0; i < FORGOT_LIMITS.perAddress + 3; i++) answers.push(await forgot(siblings[i % 2]!.id));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await mailsTo(db(), address)).toHaveLength(FORGOT_LIMITS.perAddress);
  });
});

describe('forgot password: who gets nothing', () => {
  it('sends nothing to a withdrawn student’s confirmed address', async () => {
    const s = await familyWithConfirmedMother('withdrawn');
    await db()
      .update(students)
      .set({ withdrawn_at: sql`now()` })
      .where(eq(students.id, s.id));
    expect((await forgot(s.id)).statusCode).toBe(200);
    expect(await mailsTo(db(), s.mother)).toEqual([]);
  });

  it('after the office changes the mother’s confirmed address, sends her nothing, nor the new address', async () => {
    const s = await familyWithConfirmedMother('office');
    const office = await t.signInAdmin();
    const saved = await office.post('/api/student', { id: s.id, email_mother: 'new.mum@example.com' });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await forgot(s.id)).statusCode).toBe(200);
    expect(await mailsTo(db(), s.mother)).toEqual([]);
    expect(await mailsTo(db(), 'new.mum@example.com')).toEqual([]);
    const [audit] = await db()
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_link_request'), eq(auditLog.student_id, s.id)));
    expect(audit!.detail).toEqual({ links_queued: 0 });
  });

  it('sends a staff member a link only to the account’s own confirmed address, whatever the case typed', async () => {
    const staff = await createStaff(db(), 'Forgetful.Teacher');
    const answer = () => t.agent().post('/api/admin/forgot-password', { username: 'forgetful.teacher' });
    const unknown = await t.agent().post('/api/admin/forgot-password', { username: 'nobody-here' });

    await db().update(staffUsers).set({ email: 'teacher@example.com' }).where(eq(staffUsers.id, staff.id));
    const unconfirmed = await answer();
    expect(await mailsTo(db(), 'teacher@example.com')).toEqual([]);

    await confirmAddressOf(db(), 'staff', String(staff.id), 'teacher@example.com');
    const confirmed = await answer();
    expect([unknown, unconfirmed, confirmed].map((r) => [r.statusCode, r.body])).toEqual(
      Array(3).fill([200, JSON.stringify({ message: forgotPasswordMessage('account') })]),
    );
    const [mail] = await mailsTo(db(), 'teacher@example.com');
    expect(mail).toMatchObject({ kind: 'staff_password_reset_link', student_id: null });
  });
});
