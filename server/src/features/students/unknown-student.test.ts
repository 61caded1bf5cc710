import { describe, expect, it } from 'vitest';
import { messages } from '@sp/domain';
import { ownerAndOther, staffActor } from '../../test/actors.js';
import { requireStudent } from '../documents/document-files.js';
import { saveStudentFields } from '../registration/save-student-fields.js';
import { studentHistory } from '../student-history/student-history.js';
import { resetStudentPassword, setStudentWithdrawn } from './student-account.js';

// Every service that looks a student up by ID says the same thing when there is none.

const s = ownerAndOther();
const NOBODY = 'NOSUCH9';

describe('an unknown student ID', () => {
  it.each([
    ['a field save', () => saveStudentFields(s.ctx, staffActor(), { id: NOBODY, home_address: 'x' })],
    ['the history', () => studentHistory(s.ctx, staffActor(), NOBODY, { limit: 10 })],
    ['a password reset', () => resetStudentPassword(s.ctx, staffActor(), NOBODY)],
    ['a withdrawal', () => setStudentWithdrawn(s.ctx, staffActor(), NOBODY, null)],
    ['the documents', () => requireStudent(s.ctx.db, NOBODY)],
  ])('%s answers 404 with one message', async (_what, work) => {
    await expect(work()).rejects.toMatchObject({ statusCode: 404, message: messages.noStudent });
  });
});
