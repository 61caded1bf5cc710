import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../../test/factories.js';
import { familyAddresses, queued } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' });
});
afterAll(() => t.close());

describe("the office resets a student's password", () => {
  it("tells the family's confirmed addresses in the reset's transaction, and nobody for a refused reset", async () => {
    const db = t.database.db;
    const office = await t.signInStaff();
    const student = await createStudent(db, { first_name: 'Omar', password: 'Family-pass-123' });
    const { mother } = await familyAddresses(db, student.id);
    const other = await createStudent(db);
    await familyAddresses(db, other.id, { confirmed: false });

    const res = await office.post('/api/reset-password-student', { student_id: student.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await office.post('/api/reset-password-student', { student_id: other.id })).statusCode).toBe(200);
    const unknown = await office.post('/api/reset-password-student', { student_id: 'NOSUCH1' });
    expect(unknown.statusCode).toBe(404);

    const mails = await queued(db, 'password_reset_by_staff');
    expect(mails.map((m) => m.to)).toEqual([mother]);
    expect(mails[0]!.subject).toBe(`Omar ${student.last_name}'s password was reset`);
    expect(mails[0]!.text).toContain('Sign in:\nhttps://portal.example.org/');
    // D5: after a reset by the office the next sign-in is by date of birth, not a password given out.
    expect(mails[0]!.text).toContain('date of birth (yyyymmdd');
    expect(mails[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
