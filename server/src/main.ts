import cluster from 'node:cluster';
import { ConfigError, loadConfig, requirePublicUrlForMail, workerCount, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareData, startServer, type RunningServer } from './server.js';

function announceAdmin(createdAdmin: RunningServer['createdAdmin']): void {
  if (!createdAdmin) return;
  const { username, password, generated } = createdAdmin;
  console.log(
    generated
      ? `Created the staff account "${username}" with the password: ${password}\nIt is shown only this once. Change it with: npm run cli -- reset-staff-password ${username}`
      : `Created the staff account "${username}" with the password from ADMIN_PASSWORD.`,
  );
}

/** One process serving (PGlite, or WORKERS=1). */
async function serveAlone(config: Config): Promise<void> {
  const server = await startServer(config);
  announceAdmin(server.createdAdmin);
  console.log(`Student Portal is running at ${server.url} (database: ${server.database.kind})`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A process of the cluster: the primary prepared the data; sessions and limits live in the database (D27). */
async function serveAsWorker(config: Config): Promise<void> {
  const server = await startServer(config, { prepared: true });
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  // The primary handles Ctrl-C for everyone.
  process.on('SIGINT', () => undefined);
  process.once('disconnect', stop);
}

/**
 * The primary of WORKERS processes on one port (Node's cluster module): it migrates and prepares the data
 * once, forks the workers, replaces one that dies and stops them all on SIGINT/SIGTERM.
 */
async function servePrimary(config: Config, workers: number): Promise<void> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const createdAdmin = await prepareData(database, config);
  await database.close();
  announceAdmin(createdAdmin);

  let stopping = false;
  let listening = 0;
  cluster.on('listening', (_worker, where) => {
    listening++;
    if (listening === workers) {
      const host = ['0.0.0.0', '127.0.0.1', '::', null, undefined].includes(where.address)
        ? 'localhost'
        : where.address;
      console.log(
        `Student Portal is running at http://${host}:${where.port} (database: postgres, ${workers} processes)`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`A server process stopped (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (let i = 0; i < workers; i++) cluster.fork();
}

async function main(): Promise<void> {
  const config = loadConfig();
  requirePublicUrlForMail(config);
  if (cluster.isWorker) return serveAsWorker(config);
  const workers = workerCount(config);
  if (workers > 1) return servePrimary(config, workers);
  return serveAlone(config);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Student Portal could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
