import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, runNamed, type Database } from './client.js';
import { students } from './schema.js';
import { openTestDatabase } from '../test/test-database.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('reads back the array types the app uses as arrays, and other values as their types', async () => {
  const result = await database.db.execute(
    sql`select array['a', 'b']::text[] as t, array['c']::varchar[] as v, array[1, 2]::int[] as i,
      array[true]::bool[] as b, 7::int2 as small, '{"x": 1}'::jsonb as j`,
  );
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  expect(row).toEqual({ t: ['a', 'b'], v: ['c'], i: [1, 2], b: [true], small: 7, j: { x: 1 } });
});

it('starts the embedded database durable, with small shared buffers and no zero-filling of new log files', async (test) => {
  // Embedded only: these are the settings PGlite is started with; a PostgreSQL server keeps its own.
  test.skip(database.kind !== 'pglite', 'a PostgreSQL server keeps its own settings');
  const setting = async (name: string) => {
    const result = await database.db.execute(sql`select current_setting(${name}) as value`);
    return (result as { rows: { value: string }[] }).rows[0]!.value;
  };
  expect(await setting('fsync')).toBe('on');
  expect(await setting('shared_buffers')).toBe('32MB');
  // ADR 0053.
  expect(await setting('wal_init_zero')).toBe('off');
});

describe('runNamed', () => {
  const TEXT = 'it\'s "quoted" \\ text';
  const echo = (n: number) =>
    sql`select ${n}::int as n, ${TEXT}::text as t, ${sql.param(['a', null, 'b"c', 'd\\e'])}::text[] as arr,
      ${null}::text as nothing, ${'2026-11-22'}::date::text as day`;

  it('runs a statement under a name again and again, with its parameters each time', async () => {
    for (const n of [1, 2, 3])
      expect(await runNamed(database.db, 'client_test_echo', echo(n))).toEqual([
        { n, t: TEXT, arr: ['a', null, 'b"c', 'd\\e'], nothing: null, day: '2026-11-22' },
      ]);
  });

  it('answers a bad statement with the database error and goes on working', async () => {
    const bad = runNamed(database.db, 'client_test_bad', sql`select 1 / ${0}::int as x`);
    await expect(bad).rejects.toMatchObject({ code: '22012' });
    expect(await runNamed(database.db, 'client_test_echo', echo(4))).toHaveLength(1);
  });

  it('runs inside a transaction as part of it', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table client_test_tx (n int) on commit drop`);
      await tx.execute(sql`insert into client_test_tx values (7)`);
      return runNamed(tx, 'client_test_tx_read', sql`select n from client_test_tx`);
    });
    expect(rows).toEqual([{ n: 7 }]);
  });

  describe('built once per name, with placeholders', () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select ${sql.placeholder('n')}::int as n, ${sql.placeholder('t')}::text as t,
        ${sql.placeholder('arr')}::text[] as arr,
        ${sql.param(sql.placeholder('day'), students.date_of_birth)}::date::text as day, ${'fixed'}::text as f`;
    };

    it('builds the statement once and fills each call with its own values', async () => {
      for (const n of [1, 2, 3]) {
        const rows = await runNamed(database.db, 'client_test_compiled', build, {
          n,
          t: `${TEXT} ${n}`,
          arr: ['a', null, `${n}`],
          day: `2026-11-2${n}`,
        });
        expect(rows).toEqual([
          { n, t: `${TEXT} ${n}`, arr: ['a', null, `${n}`], day: `2026-11-2${n}`, f: 'fixed' },
        ]);
      }
      expect(builds).toBe(1);
      // Inside a transaction too, with the same text.
      const inTx = await database.db.transaction((tx) =>
        runNamed(tx, 'client_test_compiled', build, { n: 9, t: 'x', arr: [], day: null }),
      );
      expect(inTx).toEqual([{ n: 9, t: 'x', arr: [], day: null, f: 'fixed' }]);
      expect(builds).toBe(1);
    });

    it('refuses a call that leaves a placeholder without a value', async () => {
      await expect(
        runNamed(database.db, 'client_test_compiled', build, { n: 1, t: 'x', arr: [] }),
      ).rejects.toThrow('No value for the placeholder "day".');
    });

    it('reads a real row by a placeholder', async () => {
      const rows = await runNamed(
        database.db,
        'client_test_no_student',
        () =>
          sql`select ${students.id} as id from ${students} where ${eq(students.id, sql.placeholder('id'))}`,
        { id: 'no-such-student' },
      );
      expect(rows).toEqual([]);
    });
  });
});

// Closing a pool of server connections exists only on PostgreSQL; the server suite runs this with
// TEST_DATABASE_URL, the embedded run skips it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('close on PostgreSQL', () => {
  it('returns once every connection is closed, so the database can be dropped at once without cutting one', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const name = `sp_close_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ url: url.toString() });
    // Ten connections at once, idle in the pool afterwards.
    await Promise.all(Array.from({ length: 10 }, () => opened.db.execute(sql`select pg_sleep(0.05)`)));
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      await opened.close();
      await admin.query(`drop database ${name} with (force)`);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      process.off('warning', onWarning);
      await admin.end();
    }
    expect(warnings).toEqual([]);
  });
});
