import { setImmediate as nextTurn } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, type ImportField, type NewStudent } from '@sp/domain';
import { auditActor, writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { studentAccounts, students } from '../../db/schema.js';
import type { Actor } from '../../plugins/auth.js';
import { enrolAgain, enrolInCurrentYear } from '../../shared/school-years.js';

type Conn = Db | Tx;

export { isUniqueViolation } from '../../shared/db-errors.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row written here. */
const BATCH = 500;

function* batches<T>(list: readonly T[]): Generator<T[]> {
  for (let i = 0; i < list.length; i += BATCH) yield list.slice(i, i + BATCH);
}

/** Batches with a turn of the event loop before each: the embedded database answers without one (D47). */
async function* turns<T>(list: readonly T[]): AsyncGenerator<T[]> {
  for (const batch of batches(list)) {
    await nextTurn();
    yield batch;
  }
}

export type StoredImportFields = Record<ImportField, string | null>;

/** The import fields of the students with these IDs, as stored. */
export async function storedStudents(db: Conn, ids: string[]): Promise<Map<string, StoredImportFields>> {
  const found = new Map<string, StoredImportFields>();
  const columns = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.name, students[c.name]])) as {
    [K in ImportField]: (typeof students)[K];
  };
  for await (const batch of turns(ids)) {
    const rows = await db.select(columns).from(students).where(inArray(students.id, batch));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

async function writeAuditInBatches(tx: Conn, entries: AuditEntry[]): Promise<void> {
  for await (const batch of turns(entries)) await writeAudit(tx, batch);
}

/**
 * New students with accounts whose first sign-in is by date of birth (D5, D18: `password_reset = 1`), one
 * `student_add` audit row each, enrolled in the current year (D49). Adding one by hand and an import's new rows both come here.
 */
export async function insertStudents(
  tx: Conn,
  actor: Actor,
  list: readonly NewStudent[],
  now: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  for await (const batch of turns(list)) {
    // Only the import's columns: Drizzle's insert names all of the table's hundred-odd columns on every row.
    const columns = IMPORT_COLUMNS.map((c) => c.name);
    const values = batch.map(
      (s) =>
        sql`(${sql.join([...columns.map((f) => sql`${s[f] ?? null}`), sql`${now}`, sql`${now}`], sql`, `)})`,
    );
    await tx.execute(sql`
      INSERT INTO ${students} (${sql.join(
        [...columns, 'created_at', 'updated_at'].map((c) => sql.identifier(c)),
        sql`, `,
      )})
      VALUES ${sql.join(values, sql`, `)}`);
    await tx
      .insert(studentAccounts)
      .values(batch.map((s) => ({ student_id: s.id, password_hash: null, password_reset: 1 })));
    const ids = batch.map((s) => s.id);
    await enrolInCurrentYear(tx, ids);
  }
  const who = auditActor(actor);
  await writeAuditInBatches(
    tx,
    list.map((s) => ({ ...who, action: 'student_add', studentId: s.id, detail, at: now })),
  );
}

/**
 * Stored students an import names who have no enrolment this year (they left, or were withdrawn and not
 * carried on) are enrolled again, returning when they were enrolled the year before; one `student_reenrol`
 * audit row each. The caller holds the current year (lockCurrentYear).
 */
export async function enrolReturning(
  tx: Conn,
  actor: Actor,
  ids: readonly string[],
  now: Date,
  detail: Record<string, unknown>,
): Promise<string[]> {
  const enrolled: string[] = [];
  for await (const batch of turns(ids)) enrolled.push(...(await enrolAgain(tx, batch)));
  const who = auditActor(actor);
  await writeAuditInBatches(
    tx,
    enrolled.map((id) => ({ ...who, action: 'student_reenrol', studentId: id, detail, at: now })),
  );
  return enrolled;
}

const DATE_FIELDS = new Set<ImportField>(['date_of_birth', 'entry_date']);

async function updateBatch(tx: Conn, fields: ImportField[], batch: StudentChange[], now: Date) {
  const column = (f: ImportField) => sql.identifier(students[f].name);
  // VALUES parameters arrive as text; dates need a cast to be assigned to a date column.
  const value = (f: ImportField) => sql`v.${column(f)}${DATE_FIELDS.has(f) ? sql`::date` : sql``}`;
  const rows = batch.map(
    ({ id, changes }) =>
      sql`(${id}, ${sql.join(
        changes.map((c) => sql`${c.to}`),
        sql`, `,
      )})`,
  );
  await tx.execute(sql`
    UPDATE ${students} SET ${sql.join(
      fields.map((f) => sql`${column(f)} = ${value(f)}`),
      sql`, `,
    )}, updated_at = ${now}
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, ${sql.join(fields.map(column), sql`, `)})
    WHERE ${students.id} = v.id`);
}

export interface StudentChange {
  id: string;
  changes: { field: ImportField; from: string | null; to: string | null }[];
}

/** Changed fields of existing students, each with a `student_update` audit row (field, old, new; D8). */
export async function updateStudents(
  tx: Conn,
  actor: Actor,
  list: readonly StudentChange[],
  now: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  // Rows that change the same fields (usually all of a file's) go in one UPDATE … FROM (VALUES …) per batch.
  const groups = new Map<string, StudentChange[]>();
  for (const change of list) {
    const key = change.changes.map((c) => c.field).join(',');
    const group = groups.get(key);
    if (group) group.push(change);
    else groups.set(key, [change]);
  }
  for (const [key, group] of groups) {
    const fields = key.split(',') as ImportField[];
    for await (const batch of turns(group)) await updateBatch(tx, fields, batch, now);
  }
  const who = auditActor(actor);
  await writeAuditInBatches(
    tx,
    list.flatMap(({ id, changes }) =>
      changes.map((c): AuditEntry => ({
        ...who,
        action: 'student_update',
        studentId: id,
        field: c.field,
        oldValue: c.from,
        newValue: c.to,
        detail,
        at: now,
      })),
    ),
  );
}
