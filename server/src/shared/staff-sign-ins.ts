import { and, desc, eq, inArray, lt, notInArray } from 'drizzle-orm';
import {
  STAFF_SECURITY_CHANGES,
  STAFF_SIGN_INS_KEPT,
  type StaffSignIn,
  type StaffSignInOutcome,
} from '@sp/domain';
import type { Db } from '../db/client.js';
import { staffSignIns } from '../db/schema.js';

const isChange = (outcome: StaffSignInOutcome) =>
  (STAFF_SECURITY_CHANGES as readonly StaffSignInOutcome[]).includes(outcome);

/**
 * Notes one sign-in or failed attempt of a staff account (time, address, outcome) and keeps only the newest
 * STAFF_SIGN_INS_KEPT attempts of that account, so a flood of guesses cannot grow the table (D8; the audit log
 * keeps everything). Changes to the second factor (STAFF_SECURITY_CHANGES) are kept apart, the newest
 * STAFF_SIGN_INS_KEPT of them, so guesses cannot push them out.
 */
export async function recordStaffSignIn(
  db: Db,
  entry: { staffUserId: number; outcome: StaffSignInOutcome; ip: string | null; at: Date },
): Promise<void> {
  await db.insert(staffSignIns).values({
    staff_user_id: entry.staffUserId,
    outcome: entry.outcome,
    ip: entry.ip,
    at: entry.at,
  });
  const kind = isChange(entry.outcome)
    ? inArray(staffSignIns.outcome, [...STAFF_SECURITY_CHANGES])
    : notInArray(staffSignIns.outcome, [...STAFF_SECURITY_CHANGES]);
  const ofAccount = and(eq(staffSignIns.staff_user_id, entry.staffUserId), kind);
  // The oldest kept row of its kind (by insertion): every older row of that kind goes.
  const [oldestKept] = await db
    .select({ id: staffSignIns.id })
    .from(staffSignIns)
    .where(ofAccount)
    .orderBy(desc(staffSignIns.id))
    .offset(STAFF_SIGN_INS_KEPT - 1)
    .limit(1);
  if (!oldestKept) return;
  await db.delete(staffSignIns).where(and(ofAccount, lt(staffSignIns.id, oldestKept.id)));
}

/** An account's kept sign-ins, failed attempts and second-factor changes, newest first. */
export async function listStaffSignIns(db: Db, staffUserId: number): Promise<StaffSignIn[]> {
  const rows = await db
    .select({ at: staffSignIns.at, ip: staffSignIns.ip, outcome: staffSignIns.outcome })
    .from(staffSignIns)
    .where(eq(staffSignIns.staff_user_id, staffUserId))
    .orderBy(desc(staffSignIns.at), desc(staffSignIns.id))
    .limit(2 * STAFF_SIGN_INS_KEPT);
  return rows.map((r) => ({ ...r, at: r.at.toISOString(), outcome: r.outcome as StaffSignInOutcome }));
}
