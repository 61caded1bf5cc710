import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChecks, registrationProgress, students, uploadedFiles } from '../../db/schema.js';
import { createStudent, ensureClass, uploadedFileRow } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A form level of its own (Form 6: classes 6P and 6Q), so the counts are exact whatever else the database holds.
let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await ensureClass(db, '6P', 6);
  await ensureClass(db, '6Q', 6);
  for (const [key, classId, last, first] of [
    ['a', '6P', 'Adams', 'Ria'],
    ['b', '6P', 'baptiste', 'Kyle'],
    ['c', '6P', 'Charles-Ramkissoon', 'Anastasia-Gabriella'],
    ['d', '6Q', 'Dookie', 'Priya'],
    ['gone', '6Q', 'Gone', 'Left'],
  ] as const) {
    ids[key] = (await createStudent(db, { class_id: classId, last_name: last, first_name: first })).id;
  }
  await db.update(students).set({ middle_name: 'Marie-Josephine' }).where(eq(students.id, ids.c!));
  const on = new Date('2026-11-14T14:30:00Z'); // 10:30 in Port of Spain
  await db.insert(registrationProgress).values([
    {
      student_id: ids.a!,
      student_data: on,
      family_data: on,
      health_data: on,
      other_data: on,
      documents: on,
      submit: on,
    },
    { student_id: ids.b!, student_data: on },
    { student_id: ids.d!, student_data: on, family_data: on },
    { student_id: ids.gone!, student_data: on, family_data: on, submit: on },
  ]);
  const file = (student_id: string, type: string) => uploadedFileRow(student_id, type, on);
  await db
    .insert(uploadedFiles)
    .values([file(ids.a!, 'birth_certificate'), file(ids.a!, 'picture'), file(ids.b!, 'picture')]);
  const check = (student_id: string, type: string, status: string) => ({
    student_id,
    type,
    status,
    received: status === 'rejected' ? 0 : 1,
    checked_by: 'office',
    checked_at: on,
  });
  await db
    .insert(documentChecks)
    .values([
      check(ids.a!, 'birth_certificate', 'verified'),
      check(ids.a!, 'sea_slip', 'received'),
      check(ids.b!, 'picture', 'rejected'),
    ]);
  for (const key of ['a', 'd', 'gone'])
    await db
      .update(students)
      .set({ agree_terms_conditions: 1, terms_agreed_at: on })
      .where(eq(students.id, ids[key]!));
  await db.update(students).set({ withdrawn_at: on }).where(eq(students.id, ids.gone!));
});
afterAll(() => t.close());

const DAY = '2026-11-14';
const lines = (...rows: string[]) => rows.join('\n');

describe('GET /api/registration-report/all', () => {
  it('prints Form 6 by class and last name, with each class totals and the totals of the report', async () => {
    const admin = await t.signInAdmin();
    const res = await admin.get('/api/registration-report/all?form_level=6');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="Registration Report.pdf"');
    // Legal paper, turned: 14 × 8.5 in.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 1008 612\]/);
    const { text } = await pdfText(res.rawPayload);

    expect(text).toContain('REGISTRATION REPORT');
    expect(text).toContain('Form 6 · 4 students in 2 classes');
    // Summary: each class, then the report's totals (steps; documents held and verified; terms).
    expect(text).toContain('6P 3 2 · 67% 1 · 33% 1 · 33% 1 · 33% 1 · 33% 1 · 33% 1 · 33%');
    expect(text).toContain(
      lines(
        'All 4 3 · 75% 2 · 50% 1 · 25% 1 · 25% 1 · 25% 1 · 25% 1 · 25%',
        '1 verified',
        '0 · 0%',
        '0 verified',
        '1 · 25%',
        '0 verified',
        '1 · 25%',
        '0 verified',
        '2 · 50%',
      ),
    );
    // Each student: the date of each completed step, each document's state, when the terms were agreed.
    expect(text).toContain(
      `${ids.a} Adams, Ria ${Array(6).fill(DAY).join(' ')} Verified Missing Received Uploaded ${DAY} 10:30`,
    );
    expect(text).toContain(`${ids.b} baptiste, Kyle ${DAY} – – – – – Missing Missing Missing Rejected –`);
    expect(text).toContain(
      `${ids.d} Dookie, Priya ${DAY} ${DAY} – – – – Missing Missing Missing Missing ${DAY}`,
    );
    // A long name wraps rather than being cut.
    expect(text.replace(/\s+/g, ' ')).toContain('Charles-Ramkissoon, Anastasia-Gabriella Marie- Josephine');
    // By last name whatever its case; a student who left is not listed.
    expect(text.indexOf('Adams')).toBeLessThan(text.indexOf('baptiste'));
    expect(text.indexOf('baptiste')).toBeLessThan(text.indexOf('Charles-Ramkissoon'));
    expect(text).not.toContain('Gone, Left');
    expect(text).toContain('CLASS 6P · FORM 6 · 3 STUDENTS');
    expect(text).toContain('Totals 3 students 2 · 67% 1 · 33%');
    expect(text).toContain('CLASS 6Q · FORM 6 · 1 STUDENT\n');
    expect(text).toContain('Totals 1 student 1 · 100% 1 · 100% 0 · 0%');
  });

  it('prints one class when asked, and says so when no student matches', async () => {
    const admin = await t.signInAdmin();
    const one = await pdfText((await admin.get('/api/registration-report/all?class_id=6Q')).rawPayload);
    expect(one.text).toContain('Class 6Q · 1 student in 1 class');
    expect(one.text).toContain('Dookie, Priya');
    expect(one.text).not.toContain('Adams, Ria');
    const both = await admin.get('/api/registration-report/all?form_level=6&class_id=6P');
    expect(both.statusCode).toBe(200);
    expect((await pdfText(both.rawPayload)).text).not.toContain('Dookie');

    await ensureClass(t.database.db, '7E', 7);
    const none = await pdfText((await admin.get('/api/registration-report/all?class_id=7E')).rawPayload);
    expect(none.text).toContain('No students match these filters.');
  });

  it('refuses filters that are wrong, with a message', async () => {
    const admin = await t.signInAdmin();
    for (const [query, message] of [
      ['form_level=9', 'Form level must be a number from 1 to 7.'],
      ['form_level=one', 'Form level must be a number from 1 to 7.'],
      ['class_id=ZZ', 'Unknown class.'],
      ['class_id=6P&form_level=5', 'Class 6P is not in Form 5.'],
      ['class_id=', 'Choose a class.'],
      ['sort=name', 'Unknown field: sort'],
    ]) {
      const res = await admin.get(`/api/registration-report/all?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
    const { agent } = await t.signInStudent();
    expect((await agent.get('/api/registration-report/all')).statusCode).toBe(403);
  });
});
