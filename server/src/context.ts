import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What feature code needs from the running app; built once in buildApp. */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeList: readonly { method: string; url: string }[];
  }
}
