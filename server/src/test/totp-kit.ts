import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import type { Db } from '../db/client.js';
import { staffSignIns, staffTotp } from '../db/schema.js';
import type { Agent } from './agent.js';
import { makeRecoveryCodes } from '../shared/recovery-codes.js';

/** Gives a staff account a confirmed authenticator app, as if set up earlier; returns its secret. */
export async function giveTotp(db: Db, userId: number, now: Date): Promise<string> {
  const secret = generateSecret();
  await db.insert(staffTotp).values({ staff_user_id: userId, secret, confirmed_at: now, created_at: now });
  return secret;
}

/** Gives a staff account a fresh set of recovery codes; returns them as printed. */
export const giveRecoveryCodes = (db: Db, userId: number, now: Date): Promise<string[]> =>
  makeRecoveryCodes(db, userId, now);

/** The code an authenticator app with `secret` shows at `at` (the app's clock, the test's fake one). */
export const totpCode = (secret: string, at: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

export const passwordStep = (agent: Agent, name: string, password: string) =>
  agent.post('/api/admin-login', { name, password });

export const codeStep = (agent: Agent, body: { code?: string; recovery_code?: string }) =>
  agent.post('/api/admin-login/second-factor', body);

/** The outcomes in an account's sign-in history, oldest first. */
export const signInHistory = async (db: Db, userId: number): Promise<string[]> =>
  (
    await db
      .select({ outcome: staffSignIns.outcome })
      .from(staffSignIns)
      .where(eq(staffSignIns.staff_user_id, userId))
      .orderBy(staffSignIns.id)
  ).map((r) => r.outcome);
