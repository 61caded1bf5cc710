import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, RESET_LINK_MINUTES } from '@sp/domain';
import { auditLog, staffUsers, studentAccounts } from '../../db/schema.js';
import { createToken, linkNotValid } from '../../mail/tokens.js';
import { createStaff, createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { confirmAddressOf, latestLink, setAddresses } from './link-kit.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh-start-2026';
const useLink = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  t.agent().post('/api/password-link', { token, password, password_confirmation: confirmation });
const linkState = async (token: string) => (await t.agent().get(`/api/password-link?token=${token}`)).json();

/** A student (signed in elsewhere unless first-login) whose mother confirmed her address, and her reset link. */
async function resetLinkFor(tag: string, input: { password?: string } = { password: 'Old-password-77' }) {
  const student = await createStudent(db(), input);
  const mother = `mother.${tag}@example.com`;
  await setAddresses(db(), student.id, { email_mother: mother });
  await confirmAddressOf(db(), 'student', student.id, mother);
  const res = await t.agent().post('/api/forgot-password', { student_id: student.id });
  expect(res.statusCode).toBe(200);
  const { page, token } = await latestLink(db(), mother);
  expect(page).toBe('/reset-password');
  return { student, mother, token };
}

const signIn = (studentId: string, password: string) =>
  t.agent().post('/api/login-student', { student_id: studentId, password });

describe('a password link', () => {
  it('sets a new password once, ends the student’s sessions elsewhere, and voids the other links', async () => {
    const { student, token: first } = await resetLinkFor('sessions');
    const elsewhere = t.agent();
    const signedIn = await elsewhere.post('/api/login-student', {
      student_id: student.id,
      password: 'Old-password-77',
    });
    expect(signedIn.statusCode).toBe(200);
    await t.agent().post('/api/forgot-password', { student_id: student.id });
    const { token: second } = await latestLink(db(), `mother.sessions@example.com`);
    expect(await linkState(second)).toEqual({ valid: true, kind: 'student' });

    const used = await useLink(second);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ kind: 'student' });
    // The student signed in on another device is signed out; the new password works, the old one not.
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    expect((await signIn(student.id, 'Old-password-77')).statusCode).toBe(401);
    expect((await signIn(student.id, NEW_PASSWORD)).statusCode).toBe(200);
    // Reuse, and the older link of the same account, are refused alike.
    for (const token of [second, first]) {
      const again = await useLink(token, 'Another-one-2026');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(linkNotValid);
      expect(await linkState(token)).toEqual({ valid: false, kind: null });
    }
    const [audit] = await db()
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'password_link_use'));
    expect(audit!.detail).toEqual({ owner_kind: 'student', address: 'mother.sessions@example.com' });
  });

  it('lets a first-login student (password_reset 1) sign in with the password chosen by link', async () => {
    const { student, token } = await resetLinkFor('first-login', {});
    expect((await useLink(token)).statusCode).toBe(200);
    const [account] = await db()
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.student_id, student.id));
    expect(account!.password_reset).toBe(0);
    const res = await signIn(student.id, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().password_reset).toBe(0);
  });

  it('lets one of several tabs using the same link at once win, and only its password count', async () => {
    const { student, token } = await resetLinkFor('two-tabs');
    const passwords = [1, 2, 3, 4].map((n) => `Tab-${n}-password-2026`);
    const answers = await Promise.all(passwords.map((p) => useLink(token, p)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const winner = passwords[answers.findIndex((r) => r.statusCode === 200)]!;
    for (const p of passwords)
      expect((await signIn(student.id, p)).statusCode, p).toBe(p === winner ? 200 : 401);
  });

  it('expires after 30 minutes', async () => {
    const { token } = await resetLinkFor('expiry');
    t.clock.advanceMinutes(RESET_LINK_MINUTES - 1);
    expect(await linkState(token)).toEqual({ valid: true, kind: 'student' });
    t.clock.advanceMinutes(2);
    expect(await linkState(token)).toEqual({ valid: false, kind: null });
    expect((await useLink(token)).json().message).toBe(linkNotValid);
  });

  it('keeps D5’s password rules, and a refused password leaves the link usable', async () => {
    const { student, token } = await resetLinkFor('rules');
    const mismatch = await useLink(token, NEW_PASSWORD, 'Something-else-1');
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, messages.passwordsDoNotMatch]);
    const short = await useLink(token, 'short');
    expect([short.statusCode, short.json().message]).toEqual([400, messages.passwordTooShort]);
    const birthDate = await useLink(token, student.typedBirthDate);
    expect([birthDate.statusCode, birthDate.json().message]).toEqual([400, messages.passwordIsBirthDate]);
    expect((await useLink(token)).statusCode).toBe(200);
  });

  it('is refused for another purpose: a confirmation token does not set a password, nor a reset token confirm', async () => {
    const student = await createStudent(db(), { password: 'Old-password-77' });
    const owner = { kind: 'student' as const, id: student.id };
    const confirmToken = await createToken(
      db(),
      'confirm',
      { owner, address: 'x@example.com' },
      t.clock.now(),
    );
    expect((await useLink(confirmToken)).statusCode).toBe(400);
    const { token: resetToken } = await resetLinkFor('purpose');
    const confirmed = await t.agent().post('/api/mail/confirm', { token: resetToken });
    expect([confirmed.statusCode, confirmed.json().message]).toEqual([400, linkNotValid]);
    // Neither attempt used up the other's token.
    expect((await useLink(resetToken)).statusCode).toBe(200);
    expect((await t.agent().post('/api/mail/confirm', { token: confirmToken })).statusCode).toBe(200);
  });

  it('sets a staff member’s password, ends their sessions, and says to go to the staff sign-in', async () => {
    const staff = await createStaff(db(), 'link.teacher', 'Old-staff-pass-1', 'staff');
    const signedIn = t.agent();
    expect(
      (await signedIn.post('/api/admin-login', { name: staff.username, password: staff.password }))
        .statusCode,
    ).toBe(200);
    await db()
      .update(staffUsers)
      .set({ email: 'link.teacher@example.com' })
      .where(eq(staffUsers.id, staff.id));
    await confirmAddressOf(db(), 'staff', String(staff.id), 'link.teacher@example.com');
    await t.agent().post('/api/admin/forgot-password', { username: 'LINK.teacher' });
    const { token } = await latestLink(db(), 'link.teacher@example.com');
    expect(await linkState(token)).toEqual({ valid: true, kind: 'staff' });

    const weak = await useLink(token, 'link.teacher');
    expect([weak.statusCode, weak.json().message]).toEqual([400, messages.passwordIsUsername]);
    const used = await useLink(token);
    expect(used.json()).toEqual({ kind: 'staff' });
    expect((await signedIn.get('/api/me')).statusCode).toBe(401);
    const again = await t.agent().post('/api/admin-login', { name: staff.username, password: NEW_PASSWORD });
    expect(again.statusCode).toBe(200);
  });
});
