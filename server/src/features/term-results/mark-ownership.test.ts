import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubjectList, Term } from '@sp/domain';
import { termResults } from '../../db/schema.js';
import { expectNotOwner, ownerAndOther, staffActor, studentActor } from '../../test/actors.js';
import { saveMark } from './grid.js';

// The service itself, called without a route: a student actor cannot correct another student's mark.
const s = ownerAndOther();
let term: Term;
let subjectId: number;

beforeAll(async () => {
  const admin = await s.t.signInAdmin();
  term = (await admin.post('/api/terms', { year: 2025, term: 2, sessions_possible: 100 })).json<Term>();
  const subjects = (
    await admin.post('/api/subjects', { code: 'MATH', title: 'Mathematics' })
  ).json<SubjectList>();
  subjectId = subjects.subjects[0]!.id;
  await admin.post('/api/form-subjects', { subject_id: subjectId, form_level: 1 });
});

const stored = async () =>
  (
    await s.t.database.db
      .select()
      .from(termResults)
      .where(and(eq(termResults.student_id, s.owner), eq(termResults.term_id, term.id)))
  ).map((r) => r.course_mark);

describe('saveMark re-checks ownership (ADR 0009)', () => {
  it('another student cannot write the mark; staff can', async () => {
    const input = { student_id: s.owner, subject_id: subjectId, course_mark: 99 };
    await expectNotOwner(saveMark(s.ctx, studentActor(s.other), term.id, input));
    expect(await stored()).toEqual([]);
    await saveMark(s.ctx, staffActor(), term.id, { ...input, course_mark: 71 });
    expect((await stored()).map(Number)).toEqual([71]);
  });
});
