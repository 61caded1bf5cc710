import { createHash } from 'node:crypto';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
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
import { runNamed, type Db } from '../../db/client.js';
import {
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

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** Whether a lookup field's value is in its list (D15), as an SQL test the save's read carries along. */
const LOOKUPS: Record<string, (v: Placeholder) => SQL<boolean>> = {
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

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/**
 * One statement reads everything a save decides on: the fields it touches or that decide step completion
 * (a whole student row is ~120 columns), the stored progress, the registration window of the student's form,
 * whether each lookup value is in its list, and the row's version (`xmin`, which every write of the row
 * changes).
 */
function saveReadQuery(db: Db | Tx, fieldNames: string[], lookupFields: string[]) {
  const columns = Object.fromEntries(
    [...new Set([...fieldNames, ...STEP_COMPLETION_FIELDS])].map((name) => [
      name,
      students[name as keyof typeof students.$inferSelect],
    ]),
  );
  const lookups = Object.fromEntries(
    lookupFields.map((field) => [field, LOOKUPS[field]!(sql.placeholder(field)).mapWith(Boolean)]),
  );
  return db
    .select({
      version: sql<string>`${students}.xmin::text`,
      fields: columns,
      progress: registrationProgress,
      formLevel: formClasses.form_level,
      window: { open: registrationWindows.open, deadline: registrationWindows.deadline },
      ...(lookupFields.length ? { lookups } : {}),
    })
    .from(students)
    .leftJoin(registrationProgress, eq(registrationProgress.student_id, students.id))
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .leftJoin(registrationWindows, eq(registrationWindows.form_level, formClasses.form_level))
    .where(eq(students.id, sql.placeholder('id')));
}

/** The quick path's reads, prepared once per set of fields and named, so PostgreSQL plans each shape once. */
type PreparedRead = ReturnType<ReturnType<typeof saveReadQuery>['prepare']>;
const preparedReads = new WeakMap<object, Map<string, unknown>>();

async function readForSave(db: Db | Tx, id: string, changes: StudentFields, lock: boolean) {
  const fieldNames = Object.keys(changes);
  const lookupFields = fieldNames.filter((f) => LOOKUPS[f] && typeof changes[f] === 'string');
  const params: Record<string, unknown> = { id };
  for (const field of lookupFields) params[field] = lookupParam(field, changes[field] as string);
  if (lock)
    return (
      await saveReadQuery(db, fieldNames, lookupFields)
        .for('update', { of: students })
        .prepare('')
        .execute(params)
    )[0];
  let cache = preparedReads.get(db);
  if (!cache) preparedReads.set(db, (cache = new Map<string, unknown>()));
  const key = `${fieldNames.join(',')}|${lookupFields.join(',')}`;
  let prepared = cache.get(key) as PreparedRead | undefined;
  if (!prepared) {
    prepared = saveReadQuery(db, fieldNames, lookupFields).prepare(statementName('read', key));
    cache.set(key, prepared);
  }
  return (await prepared.execute(params))[0];
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
  const lookups = (current as { lookups?: Record<string, boolean> } | undefined)?.lookups ?? {};
  const wrong = Object.keys(lookups).filter((field) => !lookups[field]);
  if (wrong.length)
    throw new AppError(
      400,
      chooseFromListMessage,
      wrong.map((field) => ({ field, message: chooseFromListMessage })),
    );
  if (!current) throw notFound('No student with that ID.');
  const before = current.fields as StudentFields;
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
  const values = Object.values(set).map((value, i) =>
    value === null || value === undefined ? null : columns[i]!.mapToDriverValue(value),
  );
  const first = audit[0]!;
  const n = values.length;
  const text = `with saved as (
      update students set ${columns.map((c, i) => `"${c.name}" = $${i + 1}`).join(', ')}, updated_at = $${n + 1}
      where id = $${n + 2} and xmin = $${n + 3}::xid
      returning 1
    )
    insert into audit_log (at, action, actor_kind, actor_id, student_id, field, old_value, new_value, ip)
    select $${n + 1}, 'student_update', $${n + 4}, $${n + 5}, $${n + 2}, v.field, v.old_value, v.new_value, $${n + 6}
    from saved cross join unnest($${n + 7}::varchar[], $${n + 8}::text[], $${n + 9}::text[]) as v (field, old_value, new_value)
    returning 1`;
  const rows = await runNamed(db, statementName('write', columns.map((c) => c.name).join(',')), text, [
    ...values,
    now.toISOString(),
    id,
    version,
    first.actorKind,
    first.actorId ?? null,
    first.ip ?? null,
    audit.map((e) => e.field),
    audit.map((e) => e.oldValue),
    audit.map((e) => e.newValue),
  ]);
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

  const seen = await readForSave(ctx.db, id, changes, false);
  const quick = planSave(ctx, actor, id, changes, seen);
  if (!quick.progressChanged && !quick.changed.includes('agree_terms_conditions')) {
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

const pick = (fields: StudentFields, names: string[]): StudentFields =>
  Object.fromEntries(names.map((name) => [name, fields[name]])) as StudentFields;
