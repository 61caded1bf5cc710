import { afterAll, beforeAll, expect } from 'vitest';
import { messages } from '@sp/domain';
import type { AppContext } from '../context.js';
import type { Actor } from '../plugins/auth.js';
import { createStudent, type StudentFactoryInput } from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';

// Services are called as these actors directly, without a route, to prove each re-checks ownership (ADR 0009).

export const studentActor = (id: string): Actor => ({ kind: 'student', id, ip: '127.0.0.1' });

export const staffActor = (): Actor => ({
  kind: 'staff',
  id: 'office',
  ip: '127.0.0.1',
  userId: 1,
  role: 'staff',
});

/** The ownership refusal itself (403, "not allowed"), not another 403 such as a closed registration. */
export async function expectNotOwner(work: Promise<unknown>): Promise<void> {
  await expect(work).rejects.toMatchObject({ statusCode: 403, message: messages.forbidden });
}

/**
 * One app for the test file with two students in the same class: the owner of the record and another student.
 * Filled in by a beforeAll, so a file's own beforeAll (registered after) can use it.
 */
export function ownerAndOther(input: StudentFactoryInput = {}) {
  const s = {} as { t: TestApp; ctx: AppContext; owner: string; other: string };
  beforeAll(async () => {
    s.t = await createTestApp();
    s.ctx = s.t.app.ctx;
    s.owner = (await createStudent(s.t.database.db, input)).id;
    s.other = (await createStudent(s.t.database.db, { class_id: input.class_id })).id;
  });
  afterAll(() => s.t.close());
  return s;
}
