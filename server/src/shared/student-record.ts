import { and, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  STUDENT_FIELD_NAMES,
  messages,
  stepCompletion,
  stepsDoneThisYear,
  type StepProgress,
  type StudentFields,
  type StudentRecord,
} from '@sp/domain';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { assertMayActOn, type Actor } from '../plugins/auth.js';
import type { Db, Tx } from '../db/client.js';
import { formClasses, registrationProgress, students } from '../db/schema.js';
import { documentDone, progressOfStudent } from './registration-progress.js';
import { studentYear } from './student-year.js';

export const PROGRESS_COLUMNS = {
  studentData: 'student_data',
  familyData: 'family_data',
  healthData: 'health_data',
  otherData: 'other_data',
  documents: 'documents',
  submit: 'submit',
} as const satisfies Record<keyof StepProgress, keyof typeof registrationProgress.$inferSelect>;

export function progressFromRow(row: typeof registrationProgress.$inferSelect | undefined): StepProgress {
  return Object.fromEntries(
    Object.entries(PROGRESS_COLUMNS).map(([step, column]) => [step, !!row?.[column]]),
  ) as StepProgress;
}

type ProgressRow = typeof registrationProgress.$inferSelect;

/**
 * Keeps the progress row in step with what is now complete: a step keeps the time it first completed.
 * Writes only when something changed; pass the current row when it has been read already.
 */
export async function writeProgress(
  db: Db | Tx,
  studentId: string,
  progress: StepProgress,
  now: Date,
  current?: ProgressRow | null,
): Promise<void> {
  const row =
    current === undefined
      ? (
          await db.select().from(registrationProgress).where(eq(registrationProgress.student_id, studentId))
        )[0]
      : (current ?? undefined);
  const next = Object.fromEntries(
    Object.entries(PROGRESS_COLUMNS).map(([step, column]) => [
      column,
      progress[step as keyof StepProgress] ? (row?.[column] ?? now) : null,
    ]),
  ) as Omit<ProgressRow, 'student_id'>;
  if (row && Object.entries(next).every(([k, v]) => row[k as keyof ProgressRow] === v)) return;
  await db
    .insert(registrationProgress)
    .values({ student_id: studentId, ...next })
    .onConflictDoUpdate({ target: registrationProgress.student_id, set: next });
}

/** The Documents step is complete when every document is done (D42): an original received counts too. */
export async function documentsComplete(db: Db | Tx, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ done: sql<boolean>`${and(...DOCUMENT_TYPES.map(documentDone))}` })
    .from(students)
    .where(eq(students.id, studentId));
  return row?.done === true;
}

/**
 * Locks a student's row until the transaction ends: every writer of the step progress takes it first, so
 * the statements after it read what the one before committed (a statement that waited for the lock itself
 * still reads other tables as they were when it began).
 */
export async function lockStudentRow(tx: Db | Tx, studentId: string): Promise<void> {
  await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for('update');
}

/** Recomputes a student's step progress from the stored record (after an upload, say), in a transaction. */
export async function refreshProgress(db: Db | Tx, studentId: string, now: Date): Promise<StepProgress> {
  await lockStudentRow(db, studentId);
  const [student] = await db.select().from(students).where(eq(students.id, studentId));
  const [row] = await db
    .select()
    .from(registrationProgress)
    .where(eq(registrationProgress.student_id, studentId));
  const stored = progressFromRow(row);
  const progress = stepsDoneThisYear(
    stepCompletion(student as unknown as StudentFields, {
      healthSaved: stored.healthData,
      documentsComplete: await documentsComplete(db, studentId),
    }),
    // An upload touches no data step: a returning student's filled steps stay to be saved or confirmed.
    { returning: (await studentYear(db, studentId)).returning, stored, touched: new Set() },
  );
  await writeProgress(db, studentId, progress, now);
  return progress;
}

/** The whole registration record of one student, or undefined; `db` may be a closed year's (year-view.ts). */
export async function getStudentRecord(
  ctx: AppContext,
  id: string,
  db: Pick<Db, 'select'> = ctx.db,
): Promise<StudentRecord | undefined> {
  const [row] = await db
    .select({ student: students, form_level: formClasses.form_level, progress: registrationProgress })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .leftJoin(registrationProgress, progressOfStudent)
    .where(eq(students.id, id));
  if (!row) return undefined;
  const s = row.student as unknown as Record<string, unknown>;
  const fields: StudentFields = Object.fromEntries(
    STUDENT_FIELD_NAMES.map((name) => [name, (s[name] ?? null) as string | number | null]),
  );
  return {
    ...fields,
    id: row.student.id,
    student_id: row.student.id,
    form_level: row.form_level ?? null,
    updated_at: row.student.updated_at.toISOString(),
    terms_agreed_at: row.student.terms_agreed_at?.toISOString() ?? null,
    terms_version: row.student.terms_version,
    progress: progressFromRow(row.progress ?? undefined),
  };
}

/** The record as the family or staff open it (ADR 0009); 404 for an unknown student. */
export async function readStudentRecord(ctx: AppContext, actor: Actor, id: string): Promise<StudentRecord> {
  assertMayActOn(actor, id);
  const record = await getStudentRecord(ctx, id);
  if (!record) throw notFound(messages.notFound);
  return record;
}
