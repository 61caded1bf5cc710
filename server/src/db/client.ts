import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the app uses: PGlite and node-postgres share Drizzle's PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Whether a connection is the embedded database (PGlite, in this process) rather than a PostgreSQL server. */
export const isEmbedded = (db: unknown): boolean =>
  (db as { $client?: unknown } | null)?.$client instanceof PGlite;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a gzip tarball, taken between statements (a consistent copy). */
  dumpDataDir?(): Promise<Blob>;
}

// Two levels up from both src/db and dist/db.
const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * PGlite's defaults with fsync left on (its defaults pass -F, trading durability for speed; a school's records
 * are worth the fsync, which measured no slower here) and 32 MB of shared buffers instead of 128 MB: a
 * school's whole database fits in that many times over, and idle memory drops by about 130 MB.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  ...['-c', 'shared_buffers=32MB'],
  // ADR 0053: a new write-ahead log file is not written full of zeros inside whichever statement starts it.
  ...['-c', 'wal_init_zero=off'],
];

/**
 * Creating a PGlite cluster (initdb) grows the WebAssembly heap to ~700 MB, which a process never gives back.
 * A new data directory is therefore created by a short-lived child process, and the server opens the
 * finished cluster at a fraction of that memory.
 */
function initialisePgliteApart(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, dataDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
}

/**
 * bytea as hex through Buffer's native codec: PGlite's own goes byte by byte through JavaScript strings,
 * ~40× slower, and a 10 MB document took seconds each way.
 */
const BYTEA = 17;
const PGLITE_TYPES = {
  serializers: {
    [BYTEA]: (v: Uint8Array) => '\\x' + Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex'),
  },
  parsers: { [BYTEA]: (v: string) => Buffer.from(v.slice(2), 'hex') },
};

/** The array types the app may read back (text, varchar, integers, booleans, dates, timestamps, JSON). */
const ARRAY_TYPES_READ = new Set([1000, 1005, 1007, 1009, 1015, 1016, 1182, 1185, 3807]);

/**
 * PGlite registers a parser for the array of every type (~300), and copies its whole table of parsers for
 * every query Drizzle sends (Drizzle passes a few of its own), which cost ~75 µs a query. Only the array
 * types the app can read keep theirs.
 */
async function trimArrayParsers(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ oid: number }>(
    `select oid::int as oid from pg_type where typcategory = 'A'`,
  );
  for (const { oid } of rows) if (!ARRAY_TYPES_READ.has(oid)) delete client.parsers[oid];
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server. */
  url?: string | undefined;
  /** Folder for embedded PGlite; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** Embedded PGlite only: start from this data folder, a `dumpDataDir()` tarball, instead of an empty one. */
  loadDataDir?: Blob | undefined;
}

/**
 * Ends a pool once its connections are closed. `pool.end()` resolves as soon as it has asked each connection
 * to end, so a database dropped or a server stopped right after it could still cut connections that were on
 * their way out (node-postgres then reports them as errors).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped database) is replaced on the
    // next query; unhandled, node-postgres would throw it out of the process.
    pool.on('error', (err) => {
      process.emitWarning(`A PostgreSQL connection was closed by the server: ${err.message}`);
    });
    // Fail at start, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => endPool(pool),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = resolve(options.dataDir, 'db');
    initialisePgliteApart(dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: PGLITE_START_PARAMS,
    ...PGLITE_TYPES,
  });
  await trimArrayParsers(client);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
    async dumpDataDir() {
      // A checkpoint first, so a restore starts without replaying the write-ahead log.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
  };
}

/** A transaction of Db, as the callback of `db.transaction` receives it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export { runNamed, type Values } from './named.js';
