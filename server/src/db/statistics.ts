import { setImmediate as nextTurn } from 'node:timers/promises';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { isEmbedded, type Db } from './client.js';
import * as schema from './schema.js';

const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/**
 * Rows sampled per table are 300 times this: 1,500, enough for the row counts and the spread of the keys the
 * plans turn on. PostgreSQL's default of 100 took 1.3 s on 20,000 full student records in the embedded
 * database, all of it without a turn of the event loop; 5 takes about 60 ms whatever the school's size.
 */
const STATISTICS_TARGET = 5;

/**
 * Brings the embedded database's planner statistics up to date (ANALYZE), a table per statement with a turn
 * of the event loop between, so other requests are answered meanwhile (ADR 0050).
 *
 * The embedded database runs PostgreSQL in single-user mode, where autovacuum never runs: without this its
 * statistics stay those of the empty school it started as. A page of the export of 20,000 students was then
 * planned as if there were 8, and every page read all of them. On a PostgreSQL server this does nothing:
 * autovacuum analyzes a table soon after a bulk change, with its full sample, which this coarser one would
 * otherwise replace until the next.
 */
export async function refreshStatistics(
  db: Pick<Db, 'transaction'>,
  tables: readonly PgTable[] = ALL_TABLES,
): Promise<void> {
  if (!isEmbedded(db)) return;
  for (const table of tables) {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
      await tx.execute(sql`analyze ${sql.identifier(getTableName(table))}`);
    });
    await nextTurn();
  }
}
