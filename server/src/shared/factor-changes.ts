import type { StaffSignInOutcome } from '@sp/domain';
import { writeAudit } from '../audit/audit.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../plugins/auth.js';
import { recordStaffSignIn } from './staff-sign-ins.js';

/** A change to the account's own second factor: a row of its sign-in history and of the audit log. */
export async function recordFactorChange(
  db: Db,
  actor: Extract<Actor, { kind: 'staff' }>,
  change: Extract<
    StaffSignInOutcome,
    | 'totp_added'
    | 'totp_removed'
    | 'passkey_added'
    | 'passkey_removed'
    | 'recovery_codes_renewed'
    | 'recovery_code_used'
  >,
  now: Date,
): Promise<void> {
  await recordStaffSignIn(db, { staffUserId: actor.userId, outcome: change, ip: actor.ip, at: now });
  await writeAudit(db, {
    action: 'second_factor',
    actorKind: 'admin',
    actorId: actor.id,
    ip: actor.ip,
    at: now,
    detail: { change },
  });
}
