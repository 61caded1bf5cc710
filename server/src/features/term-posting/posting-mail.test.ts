import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  confirmedAddresses,
  formSubjects,
  mailUnsubscribes,
  outbox,
  students,
  subjects,
  termResults,
  terms,
} from '../../db/schema.js';
import { notifyReportCards } from '../../mail/notify.js';
import { releaseDueTerms } from '../../shared/term-release.js';
import type { Agent } from '../../test/agent.js';
import { createStudent, ensureClass } from '../../test/factories.js';
import { familyAddresses, queued } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { enrolInCurrentYear } from '../../shared/school-years.js';

/**
 * D52: posting a term tells the families of the students it gives a card to, at their confirmed addresses
 * that did not unsubscribe; nobody else, and nobody twice.
 */
let t: TestApp;
let office: Agent;
let subjectId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  office = await t.signInAdmin();
  const db = t.database.db;
  await ensureClass(db, '4M', 4);
  const [row] = await db
    .insert(formSubjects)
    .values({ subject_id: (await subjectRow()).id, form_level: 4 })
    .returning();
  subjectId = row!.subject_id;
});
afterAll(() => t.close());

async function subjectRow() {
  const [s] = await t.database.db
    .insert(subjects)
    .values({ code: 'MMATH', title: 'Mathematics' })
    .returning();
  return s!;
}

const result = (termId: number, student_id: string, mark: string | null) => ({
  student_id,
  term_id: termId,
  subject_id: subjectId,
  class_id: '4M',
  course_mark: mark,
  exam_mark: mark,
});

async function newTerm(year: number, term: number) {
  const [row] = await t.database.db.insert(terms).values({ year, term }).returning();
  return row!;
}

describe('report cards posted', () => {
  it('office A posts: family B (confirmed) gets one, family C (not confirmed) none, the left-out and the unsubscribed none; posting again tells only the newly included', async () => {
    const db = t.database.db;
    const term = await newTerm(2031, 1);
    const [b, c, d, e] = await Promise.all(
      ['Bela', 'Cato', 'Dina', 'Eve'].map((first_name) => createStudent(db, { first_name, class_id: '4M' })),
    );
    const bMail = await familyAddresses(db, b!.id);
    await familyAddresses(db, c!.id, { confirmed: false });
    const dMail = await familyAddresses(db, d!.id);
    const eMail = await familyAddresses(db, e!.id);
    await db
      .insert(mailUnsubscribes)
      .values({ address: eMail.mother, kind: 'report_cards_posted', at: new Date() });
    await db
      .insert(termResults)
      .values([
        result(term.id, b!.id, '70'),
        result(term.id, c!.id, '60'),
        result(term.id, d!.id, null),
        result(term.id, e!.id, '50'),
      ]);

    const res = await office.post('/api/post-term-reports', { year: 2031, term: 1, posted: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await queued(db, 'report_cards_posted');
    expect(mails.map((m) => [m.to, m.studentId])).toEqual([[bMail.mother, b!.id]]);
    expect(mails[0]!.subject).toBe(`Bela ${b!.last_name}'s report card for Term 1 of 2031-2032 is ready`);
    expect(mails[0]!.text).toContain('https://portal.example.org/term-reports');
    expect(mails[0]!.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/portal\.example\.org\/unsubscribe\?token=/,
    );

    // Posting again with Dina's class included gives her a card: her family hears, Bela's does not again.
    const again = await office.post('/api/post-term-reports', {
      year: 2031,
      term: 1,
      posted: 1,
      include_classes: ['4M'],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await queued(db, 'report_cards_posted')).map((m) => m.to)).toEqual([bMail.mother, dMail.mother]);
  });

  it('a scheduled release queues them in its own transaction, once however many processes release it', async () => {
    const db = t.database.db;
    const term = await newTerm(2032, 2);
    const f = await createStudent(db, { first_name: 'Farah', class_id: '4M' });
    const fMail = await familyAddresses(db, f.id);
    await db.insert(termResults).values(result(term.id, f.id, '80'));
    await db
      .update(terms)
      .set({ release_at: new Date(Date.now() - 60_000) })
      .where(eq(terms.id, term.id));
    const second = await t.secondProcess();
    try {
      const released = await Promise.all([releaseDueTerms(t.app.ctx), releaseDueTerms(second.ctx)]);
      expect(released.reduce((a, n) => a + n, 0)).toBe(1);
    } finally {
      await second.close();
    }
    const mails = (await queued(db, 'report_cards_posted')).filter((m) => m.studentId === f.id);
    expect(mails.map((m) => m.to)).toEqual([fMail.mother]);
    expect(mails[0]!.subject).toContain('Term 2 of 2032-2033');
  });

  it('queues 1,500 students’ e-mails (two confirmed addresses each) in one transaction (figures only)', async () => {
    const db = t.database.db;
    const ids = Array.from({ length: 1500 }, (_, i) => `Q${String(i).padStart(5, '0')}`);
    await db.insert(students).values(
      ids.map((id, i) => ({
        id,
        first_name: 'Pupil',
        last_name: `Number${i}`,
        date_of_birth: '2012-01-01',
        class_id: '4M',
        house_code: 'RED',
        email_mother: `m.${id.toLowerCase()}@example.com`,
        email_father: `f.${id.toLowerCase()}@example.com`,
      })),
    );
    await enrolInCurrentYear(db, ids);
    const at = new Date();
    await db.insert(confirmedAddresses).values(
      ids.flatMap((id) => [
        {
          owner_kind: 'student',
          owner_id: id,
          address: `m.${id.toLowerCase()}@example.com`,
          confirmed_at: at,
        },
        {
          owner_kind: 'student',
          owner_id: id,
          address: `f.${id.toLowerCase()}@example.com`,
          confirmed_at: at,
        },
      ]),
    );
    const before = (await queued(db, 'report_cards_posted')).length;
    const started = performance.now();
    const count = await db.transaction((tx) =>
      notifyReportCards(tx, t.app.ctx, { year: 2033, term: 1 }, ids, new Date()),
    );
    const ms = performance.now() - started;
    console.log(`report cards posted: ${count} e-mails for 1,500 students queued in ${ms.toFixed(0)} ms`);
    expect(count).toBe(3000);
    expect((await db.select({ id: outbox.id }).from(outbox)).length).toBe(before + 3000);
  });
});
