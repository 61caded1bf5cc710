import { beforeAll, describe, expect, it } from 'vitest';
import { expectNotOwner, ownerAndOther, staffActor, studentActor } from '../../test/actors.js';
import { resetStudentPassword } from '../students/student-account.js';
import { studentHistory } from './student-history.js';

// The service itself, called without a route: another student is refused, the owner and staff are not.

const s = ownerAndOther();
beforeAll(async () => {
  await resetStudentPassword(s.ctx, staffActor(), s.owner);
});

describe('studentHistory re-checks ownership (ADR 0009)', () => {
  it('another student cannot read the trail; the owner and staff can', async () => {
    await expectNotOwner(studentHistory(s.ctx, studentActor(s.other), s.owner, { limit: 10 }));
    for (const actor of [studentActor(s.owner), staffActor()]) {
      const { entries } = await studentHistory(s.ctx, actor, s.owner, { limit: 10 });
      expect(entries.map((e) => e.action)).toEqual(['password_reset']);
    }
  });
});
