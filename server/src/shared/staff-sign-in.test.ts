import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MAX_FAILURES, secondFactorMessages } from '@sp/domain';
import { AppError } from '../errors.js';
import type { Database } from '../db/client.js';
import { createStaff } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import { recordSecondFactorFailure, refuseWhenSecondFactorLocked } from './staff-sign-in.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const refusal = (p: Promise<void>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? { status: err.statusCode, message: err.message } : err),
  );

describe('the second-factor limit (D51)', () => {
  it('refuses an account after its fifth wrong code until the first leaves the window; others unaffected', async () => {
    const a = await createStaff(database.db);
    const b = await createStaff(database.db);
    const start = new Date('2026-03-02T09:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++) {
      expect(await refusal(refuseWhenSecondFactorLocked(database.db, a.id, at(i)))).toBeNull();
      await recordSecondFactorFailure(database.db, a.id, `198.51.100.${i}`, at(i));
    }
    expect(await refusal(refuseWhenSecondFactorLocked(database.db, a.id, at(5)))).toEqual({
      status: 429,
      message: secondFactorMessages.tooMany(10),
    });
    expect(await refusal(refuseWhenSecondFactorLocked(database.db, b.id, at(5)))).toBeNull();
    expect(await refusal(refuseWhenSecondFactorLocked(database.db, a.id, at(14.9)))).toMatchObject({
      status: 429,
    });
    expect(await refusal(refuseWhenSecondFactorLocked(database.db, a.id, at(15)))).toBeNull();
  });
});
