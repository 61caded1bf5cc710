import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, protocol } from '@electric-sql/pglite';
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the app uses: PGlite and node-postgres share Drizzle's PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

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
];

/**
 * Creating a PGlite cluster (initdb) grows the WebAssembly heap to ~700 MB, which a process never gives back.
 * A new data directory is therefore created by a short-lived child process, and the server opens the
 * finished cluster at a fraction of that memory.
 */
function initialisePgliteApart(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = `import { PGlite, protocol } from '@electric-sql/pglite';
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
type Row = Record<string, unknown>;

const dialect = new PgDialect();

/** The values of a statement's `sql.placeholder`s, by name. */
export type Values = Record<string, unknown>;

/** A statement's text and, per parameter, how one call's values give it. */
interface Compiled {
  text: string;
  params: ((values: Values) => unknown)[];
}

/** Statements built once per name (see runNamed). */
const compiledStatements = new Map<string, Compiled>();

function valueOf(values: Values, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for the placeholder "${name}".`);
  return values[name];
}

function compile(query: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    text,
    params: params.map((p): ((values: Values) => unknown) => {
      if (is(p, Placeholder)) return (values) => valueOf(values, p.name);
      if (is(p, Param) && is(p.value, Placeholder)) {
        const { encoder, value } = p;
        return (values) => {
          const v = valueOf(values, value.name);
          return v === null || v === undefined ? null : encoder.mapToDriverValue(v);
        };
      }
      return () => p;
    }),
  };
}

/** The statement built by `build`, compiled the first time `name` is asked for and kept. */
function compiledOnce(name: string, build: () => SQL): Compiled {
  let statement = compiledStatements.get(name);
  if (!statement) {
    statement = compile(build());
    compiledStatements.set(name, statement);
  }
  return statement;
}

/**
 * Runs one hot statement under a name, so the database parses and plans it once per connection and reuses the
 * plan: ~80 µs instead of ~530 µs for a field save's read on PGlite, where planning is most of a statement's
 * cost. Inside a transaction it runs as an ordinary statement. Rows come back as the driver reads them (ints
 * as numbers, JSON parsed): cast dates and timestamps to text to read them the same on every engine.
 *
 * Given a function, the statement is built once per name, with `sql.placeholder`s for what changes from call
 * to call, filled from `values`: building a statement and turning it into text was ~10 % of a field save's
 * CPU. A name must then always stand for the same text.
 */
export async function runNamed(
  db: Db | Tx,
  name: string,
  query: SQL | (() => SQL),
  values: Values = {},
): Promise<Row[]> {
  const statement = typeof query === 'function' ? compiledOnce(name, query) : compile(query);
  const { text } = statement;
  const params = statement.params.map((param) => param(values));
  const client = (db as { $client?: pg.Pool | PGlite }).$client;
  if (!client) {
    // A transaction's own connection, through Drizzle's session (as `execute` runs a statement).
    const session = (db as unknown as { session: TransactionSession }).session;
    const result = await session.prepareQuery({ sql: text, params }, undefined, undefined, false).execute();
    return (result as { rows: Row[] }).rows;
  }
  if (client instanceof pg.Pool) return (await client.query<Row>({ name, text, values: params })).rows;
  return pgliteNamed(client, name, text, params);
}

interface TransactionSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/** The statements each PGlite instance has prepared (a statement lives as long as its database session). */
const pglitePrepared = new WeakMap<PGlite, Set<string>>();

/** A value as PostgreSQL's text format has it (arrays as `{"a","b",NULL}`). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value))
    return `{${value.map((v) => (v === null || v === undefined ? 'NULL' : `"${asText(v)!.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/**
 * PGlite's `query` parses, describes and plans every statement afresh, one protocol message at a time. This
 * sends Parse once per name, then Bind, Describe, Execute and Sync in one go, holding the same locks `query`
 * holds, so it never runs inside another caller's transaction.
 */
async function pgliteNamed(client: PGlite, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const locked = client as PGlite & { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  return locked._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let prepared = pglitePrepared.get(client);
      if (!prepared) pglitePrepared.set(client, (prepared = new Set()));
      const run = (parse: boolean) =>
        client.execProtocol(
          Buffer.concat([
            ...(parse ? [protocol.serialize.parse({ name, text })] : []),
            protocol.serialize.bind({ statement: name, values: params.map(asText) }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
        );
      const { messages: replies } = await run(!prepared.has(name)).catch((err: unknown) => {
        // Prepared already (by another handle on the same database): use it.
        if ((err as { code?: string }).code !== '42P05') throw err;
        return run(false);
      });
      prepared.add(name);
      let fields: { name: string; dataTypeID: number }[] = [];
      const rows: Row[] = [];
      for (const reply of replies) {
        if (reply.name === 'rowDescription')
          fields = (reply as InstanceType<typeof protocol.messages.RowDescriptionMessage>).fields;
        else if (reply.name === 'dataRow')
          rows.push(
            Object.fromEntries(
              (reply as InstanceType<typeof protocol.messages.DataRowMessage>).fields.map((value, i) => {
                const { name: column, dataTypeID } = fields[i]!;
                const parse = client.parsers[dataTypeID];
                return [column, value === null ? null : parse ? parse(value, dataTypeID) : value];
              }),
            ),
          );
      }
      return rows;
    }),
  );
}
