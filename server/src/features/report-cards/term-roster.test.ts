import { afterAll, beforeAll, expect, it } from 'vitest';
import { termResults, termSummaries } from '../../db/schema.js';
import { createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ensureSubjects, ensureTerm } from '../../test/term-factories.js';
import { termRoster } from './card-data.js';

/**
 * A student's class in a term is the summary's, else the results', else the class now. A class's roster is
 * read by itself (a class's cards) and must be the term's roster cut to that class, whoever moved since.
 */
let t: TestApp;
let termId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  termId = (await ensureTerm(db, 2025, 1, true)).id;
  const [subject] = await ensureSubjects(db, 1);
  const result = (student_id: string, class_id: string | null) =>
    db
      .insert(termResults)
      .values({ student_id, term_id: termId, subject_id: subject!.id, class_id, course_mark: '70' });
  const summary = (student_id: string, class_id: string | null) =>
    db.insert(termSummaries).values({ student_id, term_id: termId, class_id, sessions_present: 50 });
  // Marked in 3A, in 4B now.
  await createStudent(db, { id: 'R01', class_id: '4B', last_name: 'Moved' });
  await result('R01', '3A');
  // A summary in 3A and results that name no class, in 5C now.
  await createStudent(db, { id: 'R02', class_id: '5C', last_name: 'Summary' });
  await summary('R02', '3A');
  await result('R02', null);
  // Results that name no class and no summary: the class now, 3A.
  await createStudent(db, { id: 'R03', class_id: '3A', last_name: 'Unnamed' });
  await result('R03', null);
  // In 3A now, with nothing in the term: not on the term's roster.
  await createStudent(db, { id: 'R04', class_id: '3A', last_name: 'Nothing' });
  // Results in 3A, but the summary says 4B: 4B.
  await createStudent(db, { id: 'R05', class_id: '3A', last_name: 'Overruled' });
  await result('R05', '3A');
  await summary('R05', '4B');
  // A summary only, no results, in 4B now and then.
  await createStudent(db, { id: 'R06', class_id: '4B', last_name: 'Only' });
  await summary('R06', null);
});
afterAll(() => t.close());

it("reads a class's roster as the term's roster cut to the class, whoever moved since", async () => {
  const ctx = t.app.ctx;
  const whole = await termRoster(ctx, termId);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  expect(ids(whole).sort()).toEqual(['R01', 'R02', 'R03', 'R05', 'R06']);
  for (const classId of ['3A', '4B', '5C', '9Z']) {
    const cut = whole.filter((r) => r.class_id === classId);
    const own = await termRoster(ctx, termId, { classId });
    expect(own, classId).toEqual(cut);
  }
  expect(ids(await termRoster(ctx, termId, { classId: '3A' })).sort()).toEqual(['R01', 'R02', 'R03']);
  expect(ids(await termRoster(ctx, termId, { classId: '4B' })).sort()).toEqual(['R05', 'R06']);
});
