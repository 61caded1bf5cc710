import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../audit/audit.js';
import { runNamed, type Db, type Values } from '../../db/client.js';
import { auditLog, students } from '../../db/schema.js';
import { statementName } from './statement-name.js';

/**
 * The common save in one statement: the UPDATE, only if the row is still the version read, and the audit rows,
 * only if the UPDATE happened. Answers whether it did (false: somebody wrote the row in between). Named by the
 * columns it sets, so PostgreSQL plans each shape once per connection.
 */
export async function writeIfUnchanged(
  db: Db,
  id: string,
  version: string,
  set: Record<string, unknown>,
  audit: AuditEntry[],
  now: Date,
): Promise<boolean> {
  const columns = Object.keys(set).map((name) => students[name as keyof typeof students.$inferSelect]);
  const build = () => sql`with saved as (
      update ${students} set ${sql.join(
        columns.map((c, i) => sql`${sql.identifier(c.name)} = ${sql.param(sql.placeholder(`c${i}`), c)}`),
        sql`, `,
      )}, updated_at = ${sql.placeholder('at')}::timestamptz
      where id = ${sql.placeholder('id')} and xmin = ${sql.placeholder('version')}::xid
      returning 1
    )
    insert into ${auditLog} (at, action, actor_kind, actor_id, student_id, field, old_value, new_value, ip)
    select ${sql.placeholder('at')}::timestamptz, 'student_update', ${sql.placeholder('actorKind')}::varchar,
      ${sql.placeholder('actorId')}::varchar, ${sql.placeholder('id')}::varchar, v.field, v.old_value,
      v.new_value, ${sql.placeholder('ip')}::varchar
    from saved cross join unnest(
      ${sql.placeholder('fields')}::varchar[],
      ${sql.placeholder('oldValues')}::text[],
      ${sql.placeholder('newValues')}::text[]
    ) as v (field, old_value, new_value)
    returning 1`;
  const first = audit[0]!;
  const values: Values = {
    at: now.toISOString(),
    id,
    version,
    actorKind: first.actorKind,
    actorId: first.actorId ?? null,
    ip: first.ip ?? null,
    fields: audit.map((e) => e.field),
    oldValues: audit.map((e) => e.oldValue),
    newValues: audit.map((e) => e.newValue),
  };
  columns.forEach((c, i) => (values[`c${i}`] = set[c.name]));
  const rows = await runNamed(
    db,
    statementName('write', columns.map((c) => c.name).join(',')),
    build,
    values,
  );
  return rows.length > 0;
}
