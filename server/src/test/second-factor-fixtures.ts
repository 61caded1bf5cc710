import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { staffPasskeys, staffRecoveryCodes, staffTotp } from '../db/schema.js';

/**
 * Gives a staff account a second factor as its own enrolment would leave it (a confirmed app, passkeys,
 * recovery codes), for tests of what an administrator does with it. The secret is returned, for codes.
 */
export async function giveSecondFactor(
  db: Db,
  staffUserId: number,
  { totp = true, passkeys = 0 }: { totp?: boolean; passkeys?: number } = {},
): Promise<{ secret: string }> {
  const now = new Date();
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  if (totp)
    await db
      .insert(staffTotp)
      .values({ staff_user_id: staffUserId, secret, confirmed_at: now, created_at: now });
  for (let i = 0; i < passkeys; i++)
    await db.insert(staffPasskeys).values({
      staff_user_id: staffUserId,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: randomBytes(32).toString('base64url'),
      name: `Key ${i + 1}`,
      created_at: now,
    });
  await db.insert(staffRecoveryCodes).values({
    staff_user_id: staffUserId,
    code_hash: createHash('sha256').update(randomBytes(8)).digest('hex'),
    created_at: now,
  });
  return { secret };
}
