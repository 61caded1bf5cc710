import { setImmediate as nextTurn } from 'node:timers/promises';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Rows per statement: a thousand results take 25–60 ms on the embedded database. Its statements run on this
 * thread and their promises resolve at once, so awaiting them never lets another request run: the helpers
 * here wait a turn of the event loop between statements, so no import holds it for long (D47).
 */
export const JSON_ROWS_BATCH = 1000;

/** Rows whose keys are gathered between turns of the event loop: 48,000 audit rows' keys took 30 ms at once. */
const KEYS_SLICE = 10_000;

/** Every key that any of the rows has, in first-seen order. */
async function keysOf(rows: readonly object[]): Promise<string[]> {
  const keys = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % KEYS_SLICE === 0) await nextTurn();
    for (const key of Object.keys(rows[i]!)) keys.add(key);
  }
  return [...keys];
}

export interface JsonRowsConflict {
  /** The unique columns an existing row is found by. */
  target: readonly string[];
  /** The columns an existing row takes from the new one. */
  update: readonly string[];
}

/**
 * Inserts rows (as drizzle's insert takes them) with one statement per batch: the rows
 * travel as a single JSON parameter that `jsonb_to_recordset` reads back with each column's own SQL type. A
 * thousand-row VALUES list built by the query builder costs far more to build and bind than the database
 * spends storing it; this costs one JSON.stringify. Dates become ISO text, objects JSON, null stays null; a
 * key some rows leave out is null in those rows (not the column's default).
 */
export async function insertJsonRows<T extends PgTable>(
  db: Pick<Db, 'execute'>,
  table: T,
  rows: readonly T['$inferInsert'][],
  conflict?: JsonRowsConflict,
): Promise<void> {
  if (rows.length === 0) return;
  const all = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = await keysOf(rows);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`insertJsonRows: ${key} is not a column of the table`);
    return column;
  });
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const record = columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', ');
  const onConflict = conflict
    ? sql.raw(
        ` ON CONFLICT (${conflict.target.map((c) => `"${c}"`).join(', ')}) DO UPDATE SET ` +
          conflict.update.map((c) => `"${c}" = excluded."${c}"`).join(', '),
      )
    : sql.empty();
  // The rows as they are when every key is its column's name (as in this schema), renamed otherwise.
  const renamed = columns.some((c, j) => c.name !== keys[j]);
  const rename = (r: object) =>
    Object.fromEntries(keys.map((key, j) => [columns[j]!.name, (r as Record<string, unknown>)[key]]));
  for (let i = 0; i < rows.length; i += JSON_ROWS_BATCH) {
    // Before the first statement of many rows too: they were gathered (and their keys read) just before. A
    // few rows (a save's audit row) go at once.
    if (i > 0 || rows.length > JSON_ROWS_BATCH) await nextTurn();
    const slice = rows.slice(i, i + JSON_ROWS_BATCH);
    const batch = renamed ? slice.map(rename) : slice;
    await db.execute(
      sql`INSERT INTO ${table} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(${sql.raw(record)})${onConflict}`,
    );
  }
}

/**
 * The rows of a SELECT as one JSON text the database builds, parsed in one call: for thousands of rows far
 * cheaper than the driver's value-by-value decoding (a term's 24,000 results read in a quarter of the time on
 * the embedded database). Values come back as JSON has them: numbers, booleans, text, objects; a column that
 * must stay exact text (numeric, a timestamp) is cast to text in the statement. It waits a turn of the event
 loop first, so a loop of pages lets other requests run between them.
 */
export async function readJsonRows<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  await nextTurn();
  const result = await db.execute(
    sql`SELECT coalesce(json_agg(q), '[]')::text AS rows FROM (${statement}) q`,
  );
  const [row] = (result as { rows: { rows: string }[] }).rows;
  return JSON.parse(row!.rows) as T[];
}
