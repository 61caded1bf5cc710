import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentAccounts, students } from '../../db/schema.js';
import { expectNotOwner, ownerAndOther, staffActor, studentActor } from '../../test/actors.js';
import { getStudentName, getUserStatus } from './queries.js';
import { resetStudentPassword, setStudentWithdrawn } from './student-account.js';

// The services themselves, called without a route: another student is refused, the owner and staff are not.

const s = ownerAndOther({ password: 'Correct-horse-42' });

const row = async () => {
  const [student] = await s.t.database.db.select().from(students).where(eq(students.id, s.owner));
  const [account] = await s.t.database.db
    .select()
    .from(studentAccounts)
    .where(eq(studentAccounts.student_id, s.owner));
  return { withdrawn: !!student!.withdrawn_at, reset: account!.password_reset };
};

describe('student services re-check ownership (ADR 0009)', () => {
  it('getStudentName and getUserStatus: only the owner and staff look the student up', async () => {
    await expectNotOwner(getStudentName(s.ctx, studentActor(s.other), s.owner));
    await expectNotOwner(getUserStatus(s.ctx, studentActor(s.other), s.owner));
    for (const actor of [studentActor(s.owner), staffActor()]) {
      expect(await getStudentName(s.ctx, actor, s.owner)).toMatchObject({ id: s.owner });
      expect(await getUserStatus(s.ctx, actor, s.owner)).toMatchObject({
        student_id: s.owner,
        password_reset: 0,
      });
    }
  });

  it('resetStudentPassword and setStudentWithdrawn: a student actor on another record changes nothing', async () => {
    await expectNotOwner(resetStudentPassword(s.ctx, studentActor(s.other), s.owner));
    await expectNotOwner(setStudentWithdrawn(s.ctx, studentActor(s.other), s.owner, { reason: null }));
    expect(await row()).toEqual({ withdrawn: false, reset: 0 });

    await resetStudentPassword(s.ctx, staffActor(), s.owner);
    await setStudentWithdrawn(s.ctx, staffActor(), s.owner, { reason: null });
    expect(await row()).toEqual({ withdrawn: true, reset: 1 });
  });
});
