import { eq } from 'drizzle-orm';
import { academicYearLabel, classMessages, enrolMessages, messages, type EnrolStudent } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { formClasses, students } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { enrolAgain, inCurrentYear } from '../../shared/school-years.js';

/**
 * `POST /api/students/:id/enrol`: a student with no enrolment this year (who left, or was withdrawn and so not
 * carried on by the rollover) comes back, in a class, and may sign in again. The year is held, so a rollover
 * confirming meanwhile waits and the student lands in the year that is current when this commits.
 */
export async function reenrolStudent(ctx: AppContext, actor: Actor, studentId: string, input: EnrolStudent) {
  assertMayActOn(actor, studentId);
  const now = ctx.clock();
  return inCurrentYear(ctx, async (tx, year) => {
    const label = academicYearLabel(year);
    const [row] = await tx
      .select({ class_id: students.class_id, withdrawn_at: students.withdrawn_at })
      .from(students)
      .where(eq(students.id, studentId))
      .for('update');
    if (!row) throw notFound(messages.noStudent);
    const [known] = await tx
      .select({ id: formClasses.class_id })
      .from(formClasses)
      .where(eq(formClasses.class_id, input.class_id));
    if (!known)
      throw validationError([{ field: 'class_id', message: classMessages.notFound(input.class_id) }]);
    const enrolled = await enrolAgain(tx, [studentId]);
    if (enrolled.length === 0) throw new AppError(409, enrolMessages.already(label));
    await tx
      .update(students)
      .set({ class_id: known.id, withdrawn_at: null, withdrawn_reason: null, updated_at: now })
      .where(eq(students.id, studentId));
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'student_reenrol',
      studentId,
      field: 'class_id',
      oldValue: row.class_id,
      newValue: known.id,
      detail: { year, ...(row.withdrawn_at ? { reinstated: true } : {}) },
      at: now,
    });
    return { message: enrolMessages.done(label, known.id), year, class_id: known.id };
  });
}
