import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import {
  STEP_COMPLETION_FIELDS,
  chooseFromListMessage,
  stepCompletion,
  studentField,
  type SaveResult,
  type StepProgress,
  type StudentFields,
  type StudentUpdate,
} from '@sp/domain';
import { auditActor, writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { runNamed, type Db, type Tx, type Values } from '../../db/client.js';
import {
  auditLog,
  ethnicGroups,
  formClasses,
  houses,
  regionalCorporations,
  registrationProgress,
  registrationWindows,
  religions,
  students,
  towns,
} from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { progressFromRow, writeProgress } from '../../shared/student-record.js';
import { closedMessage, registrationFromWindow } from '../../shared/registration-window.js';
import { currentTerms } from '../../shared/settings.js';

export const STAFF_ONLY_MESSAGE = 'Class and house are set by the school.';

/** Whether a lookup field's value is in its list (D15), as an SQL test the save's read carries along. */
const LOOKUPS: Record<string, (v: unknown) => SQL> = {
  religion_code: (v) => sql`exists (select 1 from ${religions} where ${religions.code} = ${v})`,
  ethnic_group_code: (v) => sql`exists (select 1 from ${ethnicGroups} where ${ethnicGroups.id} = ${v})`,
  address_line_2: (v) => sql`exists (select 1 from ${towns} where ${towns.town_name} = ${v})`,
  regional_corporation: (v) =>
    sql`exists (select 1 from ${regionalCorporations} where ${regionalCorporations.title} = ${v})`,
  class_id: (v) => sql`exists (select 1 from ${formClasses} where ${formClasses.class_id} = ${v})`,
  house_code: (v) => sql`exists (select 1 from ${houses} where ${houses.id} = ${v})`,
};
/** The value a lookup test is given: ethnic groups are numbered, and text that is no number matches none. */
const lookupParam = (field: string, value: string): string | number =>
  field !== 'ethnic_group_code' ? value : /^\d{1,9}$/.test(value) ? Number(value) : -1;

type Column =
  (typeof students)[keyof typeof students.$inferSelect] | (typeof registrationProgress)['student_data'];

/** A column as the read selects it: dates and times as text, so every engine answers them alike. */
const selected = (table: string, column: Column, alias: string): SQL => {
  const type = column.getSQLType();
  const cast = type === 'date' || type.startsWith('timestamp') ? '::text' : '';
  return sql.raw(`${table}."${column.name}"${cast} as "${alias}"`);
};

/** A value read back as Drizzle reads the column. */
const decoded = (column: Column, value: unknown): unknown =>
  value === null || value === undefined ? null : column.mapFromDriverValue(value);

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

const PROGRESS_COLUMNS: Column[] = Object.values(registrationProgress).filter(
  (c): c is Column => c instanceof PgColumn,
);

/**
 * One statement reads everything a save decides on: the fields it touches or that decide step completion
 * (a whole student row is ~120 columns), the stored progress, the registration window of the student's form,
 * whether each lookup value is in its list, and the row's version (`xmin`, which every write of the row
 * changes). Named per set of fields, so the database plans each shape once (see runNamed); the
 * transaction's read locks the row.
 */
async function readForSave(db: Db | Tx, id: string, changes: StudentFields, lock: boolean) {
  const fieldNames = Object.keys(changes);
  const names = [...new Set([...fieldNames, ...STEP_COMPLETION_FIELDS])];
  const columns = names.map((name) => students[name as keyof typeof students.$inferSelect]);
  const lookupFields = fieldNames.filter((f) => LOOKUPS[f] && typeof changes[f] === 'string');
  const build = () => sql`select s.xmin::text as version, ${sql.join(
    [
      ...columns.map((c, i) => selected('s', c, `f${i}`)),
      ...PROGRESS_COLUMNS.map((c, i) => selected('p', c, `p${i}`)),
      ...lookupFields.map(
        (field, i) => sql`${LOOKUPS[field]!(sql.placeholder(`l${i}`))} as ${sql.raw(`"l${i}"`)}`,
      ),
    ],
    sql`, `,
  )}, c.form_level, w.open as window_open, w.deadline::text as window_deadline
    from ${students} s
    left join ${registrationProgress} p on p.student_id = s.id
    left join ${formClasses} c on c.class_id = s.class_id
    left join ${registrationWindows} w on w.form_level = c.form_level
    where s.id = ${sql.placeholder('id')}${lock ? sql` for update of s` : sql``}`;
  const values: Values = { id };
  lookupFields.forEach((field, i) => (values[`l${i}`] = lookupParam(field, changes[field] as string)));
  // The locking read is other text, so another name (in a transaction it runs unnamed anyway).
  const key = `${fieldNames.join(',')}|${lookupFields.join(',')}${lock ? '|lock' : ''}`;
  const [row] = await runNamed(db, statementName('read', key), build, values);
  if (!row) return undefined;
  const progress = Object.fromEntries(PROGRESS_COLUMNS.map((c, i) => [c.name, decoded(c, row[`p${i}`])]));
  return {
    version: row.version as string,
    fields: Object.fromEntries(
      names.map((name, i) => [name, decoded(columns[i]!, row[`f${i}`])]),
    ) as StudentFields,
    progress: progress.student_id === null ? null : (progress as typeof registrationProgress.$inferSelect),
    formLevel: row.form_level as number | null,
    window:
      row.form_level === null
        ? null
        : { open: row.window_open as number, deadline: row.window_deadline as string | null },
    lookups: Object.fromEntries(lookupFields.map((field, i) => [field, row[`l${i}`] === true])),
  };
}

type Current = NonNullable<Awaited<ReturnType<typeof readForSave>>>;

interface SavePlan {
  changed: string[];
  progress: StepProgress;
  /** Whether the stored progress must be written (a step completed or undone). */
  progressChanged: boolean;
  audit: AuditEntry[];
}

/** Checks a save against what was read and works out what it changes; throws the 4xx a bad save gets. */
function planSave(
  ctx: AppContext,
  actor: Actor,
  id: string,
  changes: StudentFields,
  current: Current | undefined,
): SavePlan {
  if (actor.kind === 'student') {
    const registration = registrationFromWindow(ctx, current?.formLevel ?? null, current?.window);
    if (!registration.open) throw new AppError(403, closedMessage(registration.status));
  }
  const lookups = current?.lookups ?? {};
  const wrong = Object.keys(lookups).filter((field) => !lookups[field]);
  if (wrong.length)
    throw new AppError(
      400,
      chooseFromListMessage,
      wrong.map((field) => ({ field, message: chooseFromListMessage })),
    );
  if (!current) throw notFound('No student with that ID.');
  const before = current.fields;
  const changed = Object.keys(changes).filter((k) => asText(before[k]) !== asText(changes[k]));
  // A record posted back whole carries class and house unchanged; only changing them is refused.
  const staffOnly = changed.filter((k) => studentField(k)?.staffOnly);
  if (actor.kind === 'student' && staffOnly.length) {
    throw new AppError(
      403,
      STAFF_ONLY_MESSAGE,
      staffOnly.map((field) => ({ field, message: STAFF_ONLY_MESSAGE })),
    );
  }
  const stored = progressFromRow(current.progress ?? undefined);
  const healthSaved =
    stored.healthData || Object.keys(changes).some((k) => studentField(k)?.step === 'healthData');
  // Uploads keep the documents mark up to date; a field save cannot change it.
  const progress = stepCompletion(
    { ...before, ...changes },
    { healthSaved, documentsComplete: stored.documents },
  );
  const progressChanged =
    !current.progress ||
    (Object.keys(progress) as (keyof StepProgress)[]).some((step) => progress[step] !== stored[step]);
  const who = auditActor(actor);
  const now = ctx.clock();
  const audit = changed.map((field): AuditEntry => ({
    ...who,
    action: 'student_update',
    studentId: id,
    field,
    oldValue: asText(before[field]),
    newValue: asText(changes[field]),
    at: now,
  }));
  return { changed, progress, progressChanged, audit };
}

const result = (plan: SavePlan, termsAgreedAt?: Date | null): SaveResult => ({
  message: plan.changed.length ? 'Saved.' : 'No change.',
  updated: plan.changed,
  progress: plan.progress,
  ...(termsAgreedAt !== undefined ? { terms_agreed_at: termsAgreedAt?.toISOString() ?? null } : {}),
});

const statementNames = new Map<string, string>();
/** A statement's name per shape (PostgreSQL keeps 63 characters of a name, so long sets are hashed). */
function statementName(kind: 'read' | 'write', key: string): string {
  let name = statementNames.get(`${kind} ${key}`);
  if (!name) {
    name = `save_${kind}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
    statementNames.set(`${kind} ${key}`, name);
  }
  return name;
}

/**
 * The common save in one statement: the UPDATE, only if the row is still the version read, and the audit rows,
 * only if the UPDATE happened. Answers whether it did (false: somebody wrote the row in between). Named by the
 * columns it sets, so PostgreSQL plans each shape once per connection.
 */
async function writeIfUnchanged(
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

/**
 * Saves the fields sent, and only those (D14): the changed columns and an audit row per changed field, in one
 * transaction. Students may save while registration is open for their form; staff always.
 *
 * Most saves change a field or two and complete no step: those take two statements, a read and one write that
 * applies only if the row is still as read. Anything else (a step completed or undone, the terms agreed to,
 * or a row written in between) takes the locking transaction.
 */
export async function saveStudentFields(
  ctx: AppContext,
  actor: Actor,
  body: StudentUpdate,
): Promise<SaveResult> {
  const { id, ...changes } = body as { id: string } & StudentFields;
  assertMayActOn(actor, id);

  // Another save of the same student between the read and the write (a family on two phones) means reading
  // again; the row is never locked across round trips, so saves of one student do not queue behind each other.
  for (let attempt = 0; attempt < QUICK_ATTEMPTS; attempt++) {
    const seen = await readForSave(ctx.db, id, changes, false);
    const quick = planSave(ctx, actor, id, changes, seen);
    if (quick.progressChanged || quick.changed.includes('agree_terms_conditions')) break;
    if (!quick.changed.length) return result(quick);
    const set = pick(changes, quick.changed);
    if (await writeIfUnchanged(ctx.db, id, seen!.version, set, quick.audit, ctx.clock()))
      return result(quick);
  }

  return ctx.db.transaction(async (tx) => {
    const current = await readForSave(tx, id, changes, true);
    const plan = planSave(ctx, actor, id, changes, current);
    const now = ctx.clock();
    const set: Record<string, unknown> = { ...changes, updated_at: now };
    let termsAgreedAt: Date | null | undefined;
    if (plan.changed.includes('agree_terms_conditions')) {
      // D20: who agreed and when.
      const agreed = changes.agree_terms_conditions === 1;
      termsAgreedAt = agreed ? now : null;
      set.terms_agreed_at = termsAgreedAt;
      set.terms_agreed_ip = agreed ? actor.ip : null;
      // D25: the version agreed to, so a later change of the text leaves this agreement as it was.
      set.terms_version = agreed ? (await currentTerms(tx)).version : null;
    }
    if (plan.changed.length) await tx.update(students).set(set).where(eq(students.id, id));
    await writeAudit(tx, plan.audit);
    await writeProgress(tx, id, plan.progress, now, current!.progress);
    return result(plan, termsAgreedAt);
  });
}

/** How many times a save tries the two-statement way before it takes the locking transaction. */
const QUICK_ATTEMPTS = 3;

const pick = (fields: StudentFields, names: string[]): StudentFields =>
  Object.fromEntries(names.map((name) => [name, fields[name]])) as StudentFields;
