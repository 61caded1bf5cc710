import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.js';
import { insertJsonRows, readJsonRows } from './json-rows.js';
import { auditLog } from './schema.js';
import { refreshStatistics } from './statistics.js';
import { openTestDatabase } from '../test/test-database.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const plannerRows = async () =>
  (
    await readJsonRows<{ reltuples: number }>(
      database.db,
      sql`select reltuples from pg_class where relname = 'audit_log'`,
    )
  )[0]!.reltuples;

it('tells the planner how many rows a table holds after a bulk write, and leaves the session settings as they were', async (test) => {
  // Embedded only: refreshStatistics works on PGlite, which has no autovacuum; the PostgreSQL run skips this.
  test.skip(
    database.kind !== 'pglite',
    "a PostgreSQL server's autovacuum keeps its statistics; refreshStatistics leaves them alone there",
  );
  const at = new Date('2026-12-02T10:00:00Z');
  await refreshStatistics(database.db, [auditLog]);
  const before = await plannerRows();
  await insertJsonRows(
    database.db,
    auditLog,
    Array.from({ length: 3000 }, (_, i) => ({
      at,
      action: 'statistics_test',
      actor_kind: 'system',
      field: `f${i}`,
    })),
  );
  // Until statistics are refreshed the planner still sees the table as it was.
  expect(await plannerRows()).toBe(before);
  await refreshStatistics(database.db, [auditLog]);
  expect(await plannerRows()).toBeGreaterThanOrEqual(before + 2500);
  const [target] = await readJsonRows<{ value: string }>(
    database.db,
    sql`select current_setting('default_statistics_target') as value`,
  );
  expect(target!.value).toBe('100');
});

it('refreshes every table of the schema when none is named', async (test) => {
  // Embedded only, as above; the last test checks what PostgreSQL does instead.
  test.skip(
    database.kind !== 'pglite',
    'embedded only: on a PostgreSQL server refreshStatistics does nothing (the last test checks that)',
  );
  await refreshStatistics(database.db);
  const [never] = await readJsonRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n, string_agg(relname, ',') as names from pg_stat_user_tables where schemaname = 'public' and last_analyze is null and last_autoanalyze is null`,
  );
  expect(never!.n, JSON.stringify(never)).toBe(0);
});

it('leaves a PostgreSQL server’s statistics to its autovacuum', async (test) => {
  // PostgreSQL only: the server suite runs it with TEST_DATABASE_URL; the embedded run skips it.
  test.skip(
    database.kind === 'pglite',
    'PostgreSQL only: the embedded database has no autovacuum, and the tests above cover it',
  );
  const analyzed = () =>
    readJsonRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_user_tables where schemaname = 'public' and last_analyze is not null`,
    );
  const before = await analyzed();
  await refreshStatistics(database.db);
  expect(await analyzed()).toEqual(before);
});
