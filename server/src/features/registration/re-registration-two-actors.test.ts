import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationWindows, students } from '../../db/schema.js';
import { holdTransaction } from '../../test/held-transaction.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ensureSubjects, ensureTerm, seedResults } from '../../test/term-factories.js';
import { makeReturning } from './returning-student.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.update(registrationWindows).set({ open: 1, deadline: null });
});
afterAll(() => t.close());

describe('re-registration with two people at once', () => {
  it('keeps a parent’s "Nothing has changed" and the office’s phone number edit alike, and the history shows both', async () => {
    const { agent: parent, student } = await t.signInStudent();
    await makeReturning(t.database.db, student.id);
    const office = await t.signInAdmin();
    const [confirm, edit] = await Promise.all([
      parent.post('/api/registration/steps/family_data/unchanged', { student_id: student.id }),
      office.post('/api/student', { id: student.id, phone_home: '6998877' }),
    ]);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(edit.statusCode, edit.body).toBe(200);

    // What the parent sees afterwards: the office's number, and the family step done.
    const record = (await parent.get(`/api/student/${student.id}`)).json();
    expect(record.phone_home).toBe('6998877');
    expect(record.progress.familyData).toBe(true);
    // What the office sees: the parent's confirmation beside its own change.
    const history = (await office.get(`/api/students/${student.id}/history`)).json<{
      entries: { what: string; new_value: string | null }[];
    }>();
    const lines = history.entries.map((e) => [e.what, e.new_value]);
    expect(lines).toContainEqual(['Confirmed unchanged', 'Family Data']);
    expect(lines).toContainEqual(['Changed', '1868-699-8877']);
  });

  it('still opens a leaver’s report card of last year, while registration refuses them', async () => {
    const { agent, student } = await t.signInStudent();
    const year = await makeReturning(t.database.db, student.id, { status: 'graduated' });
    await t.database.db.update(students).set({ class_id: null }).where(eq(students.id, student.id));
    const term = await ensureTerm(t.database.db, year - 1, 3, true);
    await seedResults(t.database.db, {
      termId: term.id,
      studentId: student.id,
      classId: '1A',
      subjects: await ensureSubjects(t.database.db, 4),
    });
    const terms = (await agent.get(`/api/report-card-terms/${student.id}`)).json();
    expect(terms).toContainEqual(expect.objectContaining({ year: year - 1, term: 3, posted: 1 }));
    const card = await agent.get(`/api/report-card/${student.id}/${year - 1}/3`);
    expect(card.statusCode, card.body.slice(0, 200)).toBe(200);
    expect(card.headers['content-type']).toContain('application/pdf');
    expect((await agent.post('/api/student', { id: student.id, phone_home: '6112233' })).statusCode).toBe(
      403,
    );
  });
});

// PGlite runs one transaction at a time; the wait for the student's row happens only on PostgreSQL, so this
// runs with the server suite there (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a save that waits for a confirmation to commit', () => {
  it('reads the step the confirmation marked done, and does not write it back undone', async () => {
    const { agent: parent, student } = await t.signInStudent();
    await makeReturning(t.database.db, student.id);
    const office = await t.signInAdmin();
    // A confirmation's transaction, uncommitted on its own connection: the row locked, the family step done.
    const confirm = await holdTransaction(t.database, [
      ['SELECT 1 FROM students WHERE id = $1 FOR UPDATE', [student.id]],
      [
        `INSERT INTO registration_progress (student_id, family_data) VALUES ($1, now())
         ON CONFLICT (student_id) DO UPDATE SET family_data = now()`,
        [student.id],
      ],
    ]);
    const saved = await confirm.waitedOn(
      office.post('/api/student', { id: student.id, phone_home: '6998877' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const record = (await parent.get(`/api/student/${student.id}`)).json();
    expect(record.phone_home).toBe('6998877');
    expect(record.progress.familyData).toBe(true);
  });
});
