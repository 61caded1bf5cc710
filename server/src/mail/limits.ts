import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { tooManyRequestsFor } from '@sp/domain';
import { retryLater } from '../errors.js';
import { databaseRateLimitStore } from '../plugins/rate-limit-store.js';

/** How many requests of one key a window allows (the rate_limits counters every process shares, D27). */
export interface LinkLimit {
  key: string;
  max: number;
  windowMs: number;
}

export const HOUR_MS = 3_600_000;

const stores = new WeakMap<Db, FastifyRateLimitStore>();

/** Counts one request under `limit.key`; answers whether it is within the limit and when the window ends. */
export function countRequest(db: Db, limit: LinkLimit): Promise<{ allowed: boolean; retryMs: number }> {
  let store = stores.get(db);
  if (!store) {
    // The keys below carry their own names ("forgot-student:…"), apart from the routes' "METHOD url|…".
    const Store = databaseRateLimitStore(db);
    store = new Store({});
    stores.set(db, store);
  }
  const counter = store;
  return new Promise((resolve, reject) => {
    counter.incr(
      limit.key,
      (err, result) => {
        if (err) reject(err);
        else resolve({ allowed: result!.current <= limit.max, retryMs: result!.ttl });
      },
      limit.windowMs,
      limit.max,
    );
  });
}

/** Counts the request under each limit (every counter moves), then refuses with 429 if any is full. */
export async function refuseOverLimits(db: Db, limits: readonly LinkLimit[]): Promise<void> {
  const counted = await Promise.all(limits.map((l) => countRequest(db, l)));
  const full = counted.filter((c) => !c.allowed);
  if (full.length === 0) return;
  throw retryLater(Math.max(...full.map((c) => c.retryMs)), tooManyRequestsFor);
}
