import { PGlite, protocol } from '@electric-sql/pglite';

type Row = Record<string, unknown>;
type Replies = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/** The statements each PGlite instance has prepared (a statement lives as long as its database session). */
const prepared = new WeakMap<PGlite, Set<string>>();

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

function rowsOf(client: PGlite, replies: Replies): Row[] {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: Row[] = [];
  for (const reply of replies) {
    if (reply instanceof protocol.messages.RowDescriptionMessage) fields = reply.fields;
    else if (reply instanceof protocol.messages.DataRowMessage)
      rows.push(
        Object.fromEntries(
          reply.fields.map((value, i) => {
            const { name: column, dataTypeID } = fields[i]!;
            const parse = client.parsers[dataTypeID];
            return [column, value === null ? null : parse ? parse(value, dataTypeID) : value];
          }),
        ),
      );
  }
  return rows;
}

/**
 * Runs a statement prepared once under a name, through PGlite's public protocol entry points: Parse the first
 * time, then Bind, Describe, Execute and Sync in one round. PGlite's `query` parses, describes and plans every
 * statement afresh, one message at a time; planning is most of a hot statement's cost there.
 *
 * `runExclusive` keeps other statements out while it runs, but not another caller's open transaction (PGlite
 * releases that lock between a transaction's statements). Found inside one, the statement waits for it through
 * `query`, unprepared, so it never becomes part of someone else's transaction.
 */
export async function pgliteNamed(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  const rows = await client.runExclusive(async () => {
    if (client.isInTransaction()) return null;
    let known = prepared.get(client);
    if (!known) prepared.set(client, (known = new Set()));
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
    const { messages } = await run(!known.has(name)).catch((err: unknown) => {
      // Prepared already (by another handle on the same database): use it.
      if ((err as { code?: string }).code !== '42P05') throw err;
      return run(false);
    });
    known.add(name);
    return rowsOf(client, messages);
  });
  return rows ?? (await client.query<Row>(text, params)).rows;
}
