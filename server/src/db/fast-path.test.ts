/**
 * The contract the named statements rely on, per engine: each call they make into PGlite, node-postgres and
 * Drizzle, and what it must do. A failure names the library version, so an upgrade that changes one of
 * them says which.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runNamed, type Database, type Db } from './client.js';
import { pgliteNamed } from './fast-path.js';

const require = createRequire(import.meta.url);
/** "name x.y.z", from the package.json above the file the package resolves to (not all export theirs). */
function version(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const found = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (found.name === name) return `${name} ${found.version}`;
  }
  return name;
}
const PGLITE = version('@electric-sql/pglite');
const PG = version('pg');
const DRIZZLE = version('drizzle-orm');

describe('on PGlite', () => {
  let database: Database;
  let client: PGlite;
  beforeAll(async () => {
    database = await openDatabase({});
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec('create table fast_path_test (v text)');
  });
  afterAll(() => database.close());

  it('reaches the PGlite client as Drizzle keeps it', () => {
    expect(client instanceof PGlite, `${DRIZZLE}: db.$client is not the PGlite instance`).toBe(true);
  });

  it('prepares a statement once under its name and reads its rows with the client’s parsers', async () => {
    const text = `select $1::int as n, $2::text[] as arr, $3::jsonb as j, null::text as nothing`;
    for (const n of [1, 2]) {
      const rows = await pgliteNamed(client, 'fast_path_echo', text, [n, ['a', null, 'b"c'], { x: n }]);
      expect(rows, `${PGLITE}: execProtocol's replies or parsers changed`).toEqual([
        { n, arr: ['a', null, 'b"c'], j: { x: n }, nothing: null },
      ]);
    }
    const { rows } = await client.query(`select count(*)::int as n from pg_prepared_statements
      where name = 'fast_path_echo'`);
    expect(rows, `${PGLITE}: Parse through execProtocol did not leave a named statement`).toEqual([{ n: 1 }]);
  });

  it('answers a bad statement with the database error, and the next statement runs', async () => {
    const bad = pgliteNamed(client, 'fast_path_bad', 'select 1 / $1::int as x', [0]);
    await expect(bad, `${PGLITE}: execProtocol no longer throws the database error`).rejects.toMatchObject({
      code: '22012',
    });
    const rows = await pgliteNamed(client, 'fast_path_echo_2', 'select $1::int as n', [5]);
    expect(rows, `${PGLITE}: the session did not recover after Sync`).toEqual([{ n: 5 }]);
  });

  it('runs a statement built once with its values inside a Drizzle transaction', async () => {
    const build = () => sql`select ${sql.placeholder('n')}::int as n, ${'$1 is text'}::text as t`;
    const rows = await database.db.transaction((tx) => runNamed(tx, 'fast_path_in_tx', build, { n: 3 }));
    expect(rows, `${DRIZZLE}: PgDialect's escapeParam, sqlToQuery or execute changed`).toEqual([
      { n: 3, t: '$1 is text' },
    ]);
  });

  it('never becomes part of another caller’s open transaction', async () => {
    let named: Promise<unknown> | undefined;
    const other = client.transaction(async (tx) => {
      await tx.query(`insert into fast_path_test values ('rolled back')`);
      named = pgliteNamed(client, 'fast_path_insert', 'insert into fast_path_test values ($1)', ['kept']);
      // Give the named statement every chance to run while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(client.isInTransaction(), `${PGLITE}: isInTransaction() is false inside a transaction`).toBe(
        true,
      );
      throw new Error('roll back');
    });
    await expect(other).rejects.toThrow('roll back');
    await named;
    const { rows } = await client.query('select v from fast_path_test');
    expect(
      rows,
      `${PGLITE}: runExclusive and isInTransaction() no longer keep a statement out of another caller's transaction`,
    ).toEqual([{ v: 'kept' }]);
  });
});

// The fast path's PostgreSQL branch (named statements on server connections) needs a server; the server
// suite runs this with TEST_DATABASE_URL, the embedded run skips it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Db;
  beforeAll(() => {
    // One connection, so the statement prepared and the one asked about share it.
    pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    db = drizzle(pool) as unknown as Db;
  });
  afterAll(() => pool.end());

  it('prepares a statement once per connection under its name, through node-postgres', async () => {
    for (const n of [1, 2])
      expect(await runNamed(db, 'fast_path_pg_echo', sql`select ${n}::int as n`)).toEqual([{ n }]);
    const { rows } = await pool.query(`select count(*)::int as n from pg_prepared_statements
      where name = 'fast_path_pg_echo'`);
    expect(rows, `${PG} / ${DRIZZLE}: {name, text, values} or db.$client no longer prepare by name`).toEqual([
      { n: 1 },
    ]);
  });
});
