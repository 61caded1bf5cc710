import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, messages } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';
import { tooManyRequests } from '../../errors.js';

/**
 * D5: after 5 failures for one account or from one address within 15 minutes, further attempts are refused
 * with 429 until the window has passed. Counted in the database so every server process sees the same count.
 */
export async function refuseWhenLockedOut(db: Db, keys: string[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  if (rows.some((r) => r.n >= LOGIN_MAX_FAILURES)) throw tooManyRequests(messages.tooManyAttempts);
}

export async function recordLoginFailure(db: Db, keys: string[], now: Date): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function deleteOldLoginFailures(db: Db, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)));
}

export const accountKey = (kind: 'student' | 'staff', id: string): string => `${kind}:${id.toLowerCase()}`;
export const addressKey = (ip: string): string => `ip:${ip}`;
