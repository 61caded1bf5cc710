import { beforeAll, describe, expect, it } from 'vitest';
import { expectNotOwner, ownerAndOther, staffActor, studentActor } from '../../test/actors.js';
import { ensureSubjects, ensureTerm, seedResults } from '../../test/term-factories.js';
import { reportCardPdf, reportCardTerms } from './report-cards.js';

// The services themselves, called without a route: another student is refused even for a posted term, the
// owner and staff are not.

const s = ownerAndOther({ class_id: '2B' });
beforeAll(async () => {
  const db = s.t.database.db;
  const term = await ensureTerm(db, 2024, 1, true);
  const subjects = await ensureSubjects(db, 3);
  for (const studentId of [s.owner, s.other])
    await seedResults(db, { termId: term.id, studentId, classId: '2B', subjects });
});

describe('report card services re-check ownership (ADR 0009)', () => {
  it('reportCardTerms: another student cannot list the terms; the owner and staff can', async () => {
    await expectNotOwner(reportCardTerms(s.ctx, studentActor(s.other), s.owner));
    for (const actor of [studentActor(s.owner), staffActor()])
      expect(await reportCardTerms(s.ctx, actor, s.owner)).toMatchObject([
        { year: 2024, term: 1, posted: 1 },
      ]);
  });

  it('reportCardPdf: another student cannot open a posted card; the owner and staff can', async () => {
    await expectNotOwner(reportCardPdf(s.ctx, studentActor(s.other), s.owner, 2024, 1));
    for (const actor of [studentActor(s.owner), staffActor()])
      expect((await reportCardPdf(s.ctx, actor, s.owner, 2024, 1)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
