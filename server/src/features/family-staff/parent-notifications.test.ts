import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubjects, subjects, termResults, terms } from '../../db/schema.js';
import { queued } from '../../test/mail-recipients.js';
import { createParent, createStudent, ensureClass } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' });
});
afterAll(() => t.close());

/** A term of form 6 with one mark for each student, ready to post. */
async function markedTerm(year: number, studentIds: string[]) {
  const db = t.database.db;
  await ensureClass(db, '6N', 6);
  const [subject] = await db
    .insert(subjects)
    .values({ code: `N${year}`, title: 'Biology' })
    .returning();
  await db.insert(formSubjects).values({ subject_id: subject!.id, form_level: 6 });
  const [term] = await db.insert(terms).values({ year, term: 1 }).returning();
  await db.insert(termResults).values(
    studentIds.map((student_id) => ({
      student_id,
      term_id: term!.id,
      subject_id: subject!.id,
      class_id: '6N',
      course_mark: '75',
      exam_mark: '75',
    })),
  );
}

describe('notifications reach linked parent accounts (D50)', () => {
  it('office posts a term: the linked parent is e-mailed; one staff unlinked and one turned off are not', async () => {
    const db = t.database.db;
    const kid = await createStudent(db, { first_name: 'Nia', class_id: '6N' });
    const linked = await createParent(db, { email: 'linked.nia@example.com', children: [kid.id] });
    const unlinked = await createParent(db, { email: 'unlinked.nia@example.com', children: [kid.id] });
    const off = await createParent(db, { email: 'off.nia@example.com', children: [kid.id] });
    const staff = await t.signInStaff();
    expect((await staff.request('DELETE', `/api/students/${kid.id}/parents/${unlinked.id}`)).statusCode).toBe(
      204,
    );
    expect((await staff.post(`/api/parents/${off.id}/active`, { active: false })).statusCode).toBe(200);
    await markedTerm(2041, [kid.id]);

    const res = await (
      await t.signInAdmin()
    ).post('/api/post-term-reports', { year: 2041, term: 1, posted: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await queued(db, 'report_cards_posted');
    expect(mails.map((m) => [m.to, m.studentId])).toEqual([[linked.email, kid.id]]);
    expect(mails[0]!.text).toContain('https://portal.example.org/term-reports');
  });
});
