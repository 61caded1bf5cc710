import { PGlite } from '@electric-sql/pglite';
import { is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteNamed } from './fast-path.js';
import type { Db, Tx } from './client.js';

type Row = Record<string, unknown>;

/** The values of a statement's `sql.placeholder`s, by name. */
export type Values = Record<string, unknown>;

/** A statement's text, cut where its parameters go, and per parameter how one call's values give it. */
interface Compiled {
  text: string;
  between: string[];
  params: ((values: Values) => unknown)[];
}

/** Marks where each parameter goes, so the text can be cut there without guessing at `$n` in the SQL. */
const MARK = '\u0000';
const marking = new (class extends PgDialect {
  override escapeParam(num: number): string {
    return `${MARK}${num}${MARK}`;
  }
})();

/** Statements built once per name (see runNamed). */
const compiledStatements = new Map<string, Compiled>();

function valueOf(values: Values, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for the placeholder "${name}".`);
  return values[name];
}

function compile(query: SQL): Compiled {
  const { sql: marked, params } = marking.sqlToQuery(query);
  const between = marked.split(new RegExp(`${MARK}\\d+${MARK}`));
  return {
    text: marked.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_, n: string) => `$${Number(n) + 1}`),
    between,
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

/** The compiled text with one call's values, as Drizzle's `execute` takes a statement. */
function withValues({ between }: Compiled, params: unknown[]): SQL {
  const chunks: SQL[] = [sql.raw(between[0]!)];
  params.forEach((value, i) => chunks.push(sql`${sql.param(value)}`, sql.raw(between[i + 1]!)));
  return sql.join(chunks);
}

/**
 * Runs one hot statement under a name, so the database parses and plans it once per connection and reuses the
 * plan: ~80 µs instead of ~530 µs for a field save's read on PGlite, where planning is most of a statement's
 * cost. PostgreSQL through node-postgres's named statements, PGlite through the fast path (fast-path.ts).
 * Inside a transaction it runs as an ordinary statement, through Drizzle. Rows come back as the driver reads
 * them (ints as numbers, JSON parsed): cast dates and timestamps to text to read them the same on every engine.
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
  const params = statement.params.map((param) => param(values));
  const client = (db as { $client?: unknown }).$client;
  const { text } = statement;
  if (client instanceof pg.Pool) return (await client.query<Row>({ name, text, values: params })).rows;
  if (client instanceof PGlite) return pgliteNamed(client, name, text, params);
  // A transaction's own connection, through Drizzle.
  const result = await db.execute(withValues(statement, params));
  return (result as { rows: Row[] }).rows;
}
