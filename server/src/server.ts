import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedReferenceData } from './db/reference-data.js';
import { refreshStatistics } from './db/statistics.js';
import { deleteOldLoginFailures } from './shared/login-failures.js';
import { deleteOldRateLimits } from './plugins/rate-limit-store.js';
import { ensureAdminUser } from './shared/staff-users.js';
import { deleteExpiredSessions } from './plugins/session.js';
import { loadSessionSecret } from './secrets.js';
import { HoldingFileStore, openFileStore } from './storage/open-file-store.js';
import { nightlyBackup } from './backup/backups.js';
import { NightlySchedule } from './backup/nightly.js';
import { startDailyMail } from './mail/daily.js';
import { MailSender } from './mail/sender.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Set on the first start only: the admin account's password to print once. */
  createdAdmin: { username: string; password: string; generated: boolean } | null;
  close(): Promise<void>;
}

/** Migrations, reference data, the first admin and the session secret: done once, before any process serves. */
export async function prepareData(
  database: Database,
  config: Config,
): Promise<RunningServer['createdAdmin']> {
  await database.migrate();
  await seedReferenceData(database.db);
  const createdAdmin = await ensureAdminUser(database.db, config.ADMIN_PASSWORD, new Date());
  loadSessionSecret(config.DATA_DIR, config.SESSION_SECRET);
  return createdAdmin;
}

/**
 * Opens the database, prepares it (unless a primary process did, `prepared`) and listens. `beforeListen` runs
 * on the built app first (the demo school's documents), so nobody is answered before the data is ready.
 */
export async function startServer(
  config: Config,
  options: { beforeListen?: (app: FastifyInstance) => Promise<void>; prepared?: boolean } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const createdAdmin = options.prepared ? null : await prepareData(database, config);
  const files = new HoldingFileStore(openFileStore(config, database.db));
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret: loadSessionSecret(config.DATA_DIR, config.SESSION_SECRET),
    files,
    logger: { level: config.LOG_LEVEL },
  });

  const housekeeping = async () => {
    const now = new Date();
    await deleteExpiredSessions(database.db, now);
    await deleteOldLoginFailures(database.db, now);
    await deleteOldRateLimits(database.db, now);
    // The embedded database has no autovacuum to keep the planner's statistics current (ADR 0050).
    await refreshStatistics(database.db);
  };
  await housekeeping();
  const timer = setInterval(() => {
    housekeeping().catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'));
  }, 3_600_000);
  timer.unref();

  // The embedded database backs itself up each night; on PostgreSQL the operator's pg_dump does (deployment.md).
  const nightly =
    database.kind === 'pglite' && config.BACKUP_TIME !== 'off'
      ? new NightlySchedule({
          time: config.BACKUP_TIME,
          timeZone: config.SCHOOL_TIMEZONE,
          clock: () => new Date(),
          run: (now) => nightlyBackup(config, database, files, now),
          onError: (err) => app.log.error({ err }, 'nightly backup failed'),
        })
      : null;
  const backupTimer = nightly ? setInterval(() => void nightly.tick(), 60_000) : null;
  backupTimer?.unref();
  const stopDailyMail = startDailyMail(app.ctx);

  // D52: every process sends from the outbox; a row is claimed by one of them.
  const sender = new MailSender({
    db: database.db,
    config,
    onError: (err) => app.log.error({ err }, 'sending e-mail failed'),
    // The reliability test kills the process between the acknowledgement and the outbox update.
    crashAfterAck: process.env.NODE_ENV === 'test' && process.env.MAIL_TEST_CRASH_AFTER_ACK === '1',
  }).start();

  await options.beforeListen?.(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  return {
    app,
    database,
    url: `http://${host}:${port}`,
    createdAdmin,
    async close() {
      clearInterval(timer);
      if (backupTimer) clearInterval(backupTimer);
      stopDailyMail();
      await sender.close();
      await app.close();
      await database.close();
    },
  };
}
