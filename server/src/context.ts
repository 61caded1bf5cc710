import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { FileStore } from './storage/file-store.js';

/** What feature code needs from the running app; built once in buildApp. */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
  files: FileStore;
  log: FastifyBaseLogger;
  /** Signs the unsubscribe links of e-mails (D52); derived from the session secret. */
  mailKey: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeList: readonly { method: string; url: string }[];
  }
}
