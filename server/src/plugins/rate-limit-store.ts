import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

type Incr = FastifyRateLimitStore['incr'];

/**
 * A @fastify/rate-limit store on the `rate_limits` table, so every server process (WORKERS, or several
 * machines) counts the same requests (D27). One statement per request: it starts a new window when the old
 * one has passed, else adds one, and answers the count and the window's start.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** `options` is what the plugin passes; a route's store counts under the route's own prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
      const now = Date.now();
      const start = new Date(now).toISOString();
      const passed = sql`${rateLimits.window_start} <= ${new Date(now - timeWindow).toISOString()}::timestamptz`;
      db.insert(rateLimits)
        .values({ key: `${this.prefix}${key}`, count: 1, window_start: new Date(now) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${passed} then 1 else ${rateLimits.count} + 1 end`,
            window_start: sql`case when ${passed} then ${start}::timestamptz else ${rateLimits.window_start} end`,
          },
        })
        .returning({ count: rateLimits.count, window_start: rateLimits.window_start })
        .then(
          ([row]) =>
            callback(null, {
              current: row!.count,
              ttl: Math.max(0, timeWindow - (now - row!.window_start.getTime())),
            }),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    child(route: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limits, with the route itself under `routeInfo`.
      const info = (route as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const { method, url } = info ?? route;
      return new DatabaseRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}|`);
    }
  };
}

/** Windows that ended long ago (the longest is an hour), for the hourly housekeeping. */
export async function deleteOldRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.window_start, new Date(now.getTime() - 86_400_000)));
}
