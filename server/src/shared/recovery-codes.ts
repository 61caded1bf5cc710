import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, formatRecoveryCode } from '@sp/domain';
import type { Db } from '../db/client.js';
import { staffRecoveryCodes } from '../db/schema.js';

const CODE_LENGTH = 12;

/**
 * A recovery code as stored: SHA-256 of the 12 characters as `recoveryCodeInput` normalises them. No slow hash
 * is needed: a code carries about 60 random bits, beyond guessing even from a stolen table.
 */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code).digest('hex');

/**
 * A new set of RECOVERY_CODE_COUNT single-use codes for the account, voiding any it had; returned formatted
 * (xxxx-xxxx-xxxx) to be shown once, stored only as hashes.
 */
export async function makeRecoveryCodes(
  tx: Pick<Db, 'delete' | 'insert'>,
  staffUserId: number,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join(''),
  );
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_user_id, staffUserId));
  await tx
    .insert(staffRecoveryCodes)
    .values(
      codes.map((c) => ({ staff_user_id: staffUserId, code_hash: recoveryCodeHash(c), created_at: now })),
    );
  return codes.map(formatRecoveryCode);
}

/** Whether the account still has a recovery code to use. */
export async function hasUnusedRecoveryCodes(db: Pick<Db, 'select'>, staffUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staff_user_id, staffUserId), isNull(staffRecoveryCodes.used_at)))
    .limit(1);
  return row !== undefined;
}

/**
 * Uses one of the account's recovery codes (as `recoveryCodeInput` normalised it): true when it was unused.
 * One statement marks it, so of two requests with the same code only one succeeds.
 */
export async function spendRecoveryCode(
  db: Pick<Db, 'update'>,
  staffUserId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ used_at: now })
    .where(
      and(
        eq(staffRecoveryCodes.staff_user_id, staffUserId),
        eq(staffRecoveryCodes.code_hash, recoveryCodeHash(code)),
        isNull(staffRecoveryCodes.used_at),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

/**
 * An account's last second factor is gone: its recovery codes go with it, so codes printed for the old factor
 * cannot open the next one, which comes with a fresh set.
 */
export async function voidRecoveryCodes(tx: Pick<Db, 'delete'>, staffUserId: number): Promise<void> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_user_id, staffUserId));
}
