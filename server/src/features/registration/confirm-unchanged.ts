import { and, eq } from 'drizzle-orm';
import {
  STEP_REQUIRED_FIELDS,
  UNCHANGED_STEPS,
  UNCHANGED_STEP_LABELS,
  fillBeforeConfirmMessage,
  messages,
  notReturningMessage,
  stepCompletion,
  stepIncompleteMessage,
  type UnchangedResult,
  type UnchangedStep,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { enrolments } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { closedMessage, registrationFromWindow } from '../../shared/registration-window.js';
import { progressFromRow, writeProgress } from '../../shared/student-record.js';
import { studentYearOf } from '../../shared/student-year.js';
import { readForSave, type SaveRead } from './read-for-save.js';
import { refuseLeaver } from '../../shared/school-years.js';

/** Who may confirm: a returning student of this year, the family only while their form's window is open. */
function assertMayConfirm(
  ctx: AppContext,
  actor: Actor,
  current: SaveRead,
): asserts current is NonNullable<SaveRead> {
  if (!current) throw notFound(messages.noStudent);
  refuseLeaver(current.year);
  if (!current.year.returning) throw forbidden(notReturningMessage);
  if (actor.kind === 'student') {
    const registration = registrationFromWindow(ctx, current.formLevel, current.window);
    if (!registration.open) throw new AppError(403, closedMessage(registration.status));
  }
}

const lockStamps = async (tx: Tx, studentId: string, year: number) =>
  (
    await tx
      .select({ unchanged: enrolments.unchanged })
      .from(enrolments)
      .where(and(eq(enrolments.student_id, studentId), eq(enrolments.year, year)))
      .for('update')
  )[0]?.unchanged ?? {};

/**
 * "Nothing has changed": a returning family confirms last year's answers of one step as they stand. The step
 * must be complete by the same rule a save completes it by; the confirmation is stamped on this year's
 * enrolment, the step marked done and the history told. A second confirmation of a done step changes nothing.
 */
export async function confirmStepUnchanged(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  step: UnchangedStep,
): Promise<UnchangedResult> {
  assertMayActOn(actor, studentId);
  const editorStep = UNCHANGED_STEPS[step];
  return ctx.db.transaction(async (tx) => {
    // The save's own locking read: the student row stays as read until the stamp is written.
    const current = await readForSave(tx, studentId, {}, true);
    assertMayConfirm(ctx, actor, current);
    const stored = progressFromRow(current.progress ?? undefined);
    const complete = stepCompletion(current.fields, {
      healthSaved: true,
      documentsComplete: stored.documents,
    });
    if (!complete[editorStep]) {
      const required: readonly string[] =
        editorStep in STEP_REQUIRED_FIELDS
          ? STEP_REQUIRED_FIELDS[editorStep as keyof typeof STEP_REQUIRED_FIELDS]
          : [];
      const missing = required.filter((name) => [null, undefined, ''].includes(current.fields[name] as null));
      throw new AppError(
        400,
        stepIncompleteMessage,
        missing.map((field) => ({ field, message: fillBeforeConfirmMessage })),
      );
    }
    const { year } = current.year;
    const stamps = await lockStamps(tx, studentId, year);
    const answer = (message: string, unchanged: Record<string, string>): UnchangedResult => ({
      message,
      year: studentYearOf({ ...current.year, unchanged }),
    });
    if (stamps[step] && stored[editorStep]) return answer('Already confirmed.', stamps);

    const now = ctx.clock();
    const unchanged = { ...stamps, [step]: now.toISOString() };
    await tx
      .update(enrolments)
      .set({ unchanged })
      .where(and(eq(enrolments.student_id, studentId), eq(enrolments.year, year)));
    await writeProgress(tx, studentId, { ...stored, [editorStep]: true }, now, current.progress);
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'step_unchanged',
      studentId,
      newValue: UNCHANGED_STEP_LABELS[step],
      detail: { step, year },
      at: now,
    });
    return answer('Confirmed unchanged.', unchanged);
  });
}
