import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, recoveryCodeInput } from '@sp/domain';
import type { Database } from '../db/client.js';
import { createStaff } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import { hasUnusedRecoveryCodes, makeRecoveryCodes, spendRecoveryCode } from './recovery-codes.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const typed = (code: string) => recoveryCodeInput.parse(code);

describe('recovery codes', () => {
  it('are made as a set of distinct printed codes, each used once, a new set voiding the old', async () => {
    const { id } = await createStaff(database.db);
    const other = await createStaff(database.db);
    const now = new Date();
    expect(await hasUnusedRecoveryCodes(database.db, id)).toBe(false);
    const codes = await makeRecoveryCodes(database.db, id, now);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await hasUnusedRecoveryCodes(database.db, id)).toBe(true);

    // Another account's code is not this one's; typed in capitals without dashes it still counts, once.
    expect(await spendRecoveryCode(database.db, other.id, typed(codes[0]!), now)).toBe(false);
    expect(
      await spendRecoveryCode(database.db, id, typed(codes[0]!.toUpperCase().replace(/-/g, ' ')), now),
    ).toBe(true);
    expect(await spendRecoveryCode(database.db, id, typed(codes[0]!), now)).toBe(false);

    const renewed = await makeRecoveryCodes(database.db, id, now);
    expect(await spendRecoveryCode(database.db, id, typed(codes[1]!), now)).toBe(false);
    expect(await spendRecoveryCode(database.db, id, typed(renewed[1]!), now)).toBe(true);
  });
});
