import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudentUpdate } from '@sp/domain';
import { students } from '../../db/schema.js';
import { readStudentRecord } from '../../shared/student-record.js';
import { expectNotOwner, ownerAndOther, staffActor, studentActor } from '../../test/actors.js';
import { openRegistration } from '../../test/factories.js';
import { saveStudentFields } from './save-student-fields.js';

// The services themselves, called without a route: another student is refused, the owner and staff are not.

const s = ownerAndOther({ first_name: 'Asha' });
beforeAll(async () => {
  await openRegistration(s.t.database.db);
});

const firstName = async () =>
  (await s.t.database.db.select().from(students).where(eq(students.id, s.owner)))[0]!.first_name;
const save = (first_name: string) => ({ id: s.owner, first_name }) as StudentUpdate;

describe('registration services re-check ownership (ADR 0009)', () => {
  it('saveStudentFields: another student cannot change the record; the owner and staff can', async () => {
    await expectNotOwner(saveStudentFields(s.ctx, studentActor(s.other), save('Intruder')));
    expect(await firstName()).toBe('Asha');
    await saveStudentFields(s.ctx, studentActor(s.owner), save('Ashanti'));
    expect(await firstName()).toBe('Ashanti');
    await saveStudentFields(s.ctx, staffActor(), save('Asha'));
    expect(await firstName()).toBe('Asha');
  });

  it('readStudentRecord: only the owner and staff read the record', async () => {
    await expectNotOwner(readStudentRecord(s.ctx, studentActor(s.other), s.owner));
    for (const actor of [studentActor(s.owner), staffActor()])
      expect(await readStudentRecord(s.ctx, actor, s.owner)).toMatchObject({
        id: s.owner,
        first_name: 'Asha',
      });
  });
});
