import { eq } from 'drizzle-orm';
import {
  STEP_COMPLETION_FIELDS,
  chooseFromListMessage,
  stepCompletion,
  studentField,
  type SaveResult,
  type StudentFields,
  type StudentUpdate,
} from '@sp/domain';
import { auditActor, writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
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

/** Values of lookup fields must be in their lists (D15). */
async function checkLookups(db: Tx, changes: StudentFields): Promise<void> {
  const checks: [string, (v: string) => Promise<boolean>][] = [
    [
      'religion_code',
      async (v) => (await db.select().from(religions).where(eq(religions.code, v))).length > 0,
    ],
    [
      'ethnic_group_code',
      async (v) =>
        /^\d+$/.test(v) &&
        (
          await db
            .select()
            .from(ethnicGroups)
            .where(eq(ethnicGroups.id, Number(v)))
        ).length > 0,
    ],
    ['address_line_2', async (v) => (await db.select().from(towns).where(eq(towns.town_name, v))).length > 0],
    [
      'regional_corporation',
      async (v) =>
        (await db.select().from(regionalCorporations).where(eq(regionalCorporations.title, v))).length > 0,
    ],
    [
      'class_id',
      async (v) => (await db.select().from(formClasses).where(eq(formClasses.class_id, v))).length > 0,
    ],
    ['house_code', async (v) => (await db.select().from(houses).where(eq(houses.id, v))).length > 0],
  ];
  const errors: { field: string; message: string }[] = [];
  for (const [field, exists] of checks) {
    const value = changes[field];
    if (typeof value === 'string' && !(await exists(value)))
      errors.push({ field, message: chooseFromListMessage });
  }
  if (errors.length) throw new AppError(400, errors[0]!.message, errors);
}

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/**
 * Saves the fields sent, and only those (D14): one UPDATE of the changed columns and an audit row per changed
 * field, in one transaction. Students may save while registration is open for their form; staff always.
 */
export async function saveStudentFields(
  ctx: AppContext,
  actor: Actor,
  body: StudentUpdate,
): Promise<SaveResult> {
  const { id, ...changes } = body as { id: string } & StudentFields;
  assertMayActOn(actor, id);

  const now = ctx.clock();
  // Read only the columns this save touches or that decide step completion: a whole student row is ~120
  // columns, and reading it cost most of a save's time.
  const columns = Object.fromEntries(
    [...new Set([...Object.keys(changes), ...STEP_COMPLETION_FIELDS])].map((name) => [
      name,
      students[name as keyof typeof students.$inferSelect],
    ]),
  );
  return ctx.db.transaction(async (tx) => {
    // One statement reads what the save needs and locks the row: the fields, the progress, and the student's
    // registration window (a save is as many round trips as the database's own minimum).
    const [current] = await tx
      .select({
        fields: columns,
        progress: registrationProgress,
        formLevel: formClasses.form_level,
        window: { open: registrationWindows.open, deadline: registrationWindows.deadline },
      })
      .from(students)
      .leftJoin(registrationProgress, eq(registrationProgress.student_id, students.id))
      .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
      .leftJoin(registrationWindows, eq(registrationWindows.form_level, formClasses.form_level))
      .where(eq(students.id, id))
      .for('update', { of: students });
    if (actor.kind === 'student') {
      const registration = registrationFromWindow(ctx, current?.formLevel ?? null, current?.window);
      if (!registration.open) throw new AppError(403, closedMessage(registration.status));
    }
    await checkLookups(tx, changes);
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

    const set: Record<string, unknown> = { ...changes, updated_at: now };
    if (changed.includes('agree_terms_conditions')) {
      // D20: who agreed and when.
      const agreed = changes.agree_terms_conditions === 1;
      set.terms_agreed_at = agreed ? now : null;
      set.terms_agreed_ip = agreed ? actor.ip : null;
      // D25: the version agreed to, so a later change of the text leaves this agreement as it was.
      set.terms_version = agreed ? (await currentTerms(tx)).version : null;
    }
    if (changed.length) await tx.update(students).set(set).where(eq(students.id, id));

    const who = auditActor(actor);
    await writeAudit(
      tx,
      changed.map((field): AuditEntry => ({
        ...who,
        action: 'student_update',
        studentId: id,
        field,
        oldValue: asText(before[field]),
        newValue: asText(changes[field]),
        at: now,
      })),
    );

    const stored = progressFromRow(current.progress ?? undefined);
    const healthSaved =
      stored.healthData || Object.keys(changes).some((k) => studentField(k)?.step === 'healthData');
    // Uploads keep the documents mark up to date; a field save cannot change it.
    const progress = stepCompletion(
      { ...before, ...changes },
      { healthSaved, documentsComplete: stored.documents },
    );
    await writeProgress(tx, id, progress, now, current.progress);
    return {
      message: changed.length ? 'Saved.' : 'No change.',
      updated: changed,
      progress,
      ...(changed.includes('agree_terms_conditions')
        ? { terms_agreed_at: set.terms_agreed_at instanceof Date ? set.terms_agreed_at.toISOString() : null }
        : {}),
    };
  });
}
