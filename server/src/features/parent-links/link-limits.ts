import { inArray } from 'drizzle-orm';
import { tooManyRequestsFor } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { rateLimits } from '../../db/schema.js';
import { retryLater } from '../../errors.js';
import { countRequest, HOUR_MS, type LinkLimit } from '../../mail/limits.js';

/** Wrong student ID / family code pairs allowed in an hour (D50): per parent account, and per client address. */
export const LINK_FAILURES_PER_ACCOUNT = 10;
export const LINK_FAILURES_PER_ADDRESS = 30;

const limitsFor = (parentId: number, ip: string): LinkLimit[] => [
  { key: `link-fail-parent:${parentId}`, max: LINK_FAILURES_PER_ACCOUNT, windowMs: HOUR_MS },
  { key: `link-fail-ip:${ip}`, max: LINK_FAILURES_PER_ADDRESS, windowMs: HOUR_MS },
];

/**
 * 429 once either counter of failures is full, before the code is looked at: a right guess after the limit
 * must not link either. Only failures count, so a family linking three children is never held up.
 */
export async function refuseAfterTooManyFailures(ctx: AppContext, parentId: number, ip: string) {
  const limits = limitsFor(parentId, ip);
  const rows = await ctx.db
    .select()
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((l) => l.key),
      ),
    );
  const now = Date.now();
  const waits = limits.flatMap((l) => {
    const row = rows.find((r) => r.key === l.key);
    const left = row ? l.windowMs - (now - row.window_start.getTime()) : 0;
    return row && left > 0 && row.count >= l.max ? [left] : [];
  });
  if (waits.length) throw retryLater(Math.max(...waits), tooManyRequestsFor);
}

/** Counts one failed attempt under both counters. */
export async function countLinkFailure(ctx: AppContext, parentId: number, ip: string) {
  await Promise.all(limitsFor(parentId, ip).map((l) => countRequest(ctx.db, l)));
}
