import { eq, sql } from 'drizzle-orm';
import { messages } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { studentAccounts, students } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { notifyStudents, type NotifiedStudent, type NotifyContext } from '../../mail/notify.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { endStudentSessions } from '../../plugins/session.js';
import { enrolAgain, inCurrentYear } from '../../shared/school-years.js';

/**
 * Staff reset a student's password (spec section 4, D9): the next sign-in is by date of birth and must set a
 * new password; every session of the student ends at once. The family's confirmed addresses are told (D52),
 * in case nobody at home asked for it. The command-line tool calls this too, without the mail key: it sends
 * nothing.
 */
export async function resetStudentPassword(
  ctx: Pick<AppContext, 'db' | 'clock'> & Partial<NotifyContext>,
  actor: Actor,
  studentId: string,
): Promise<{ id: string; first_name: string; last_name: string }> {
  assertMayActOn(actor, studentId);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
      .from(students)
      .where(eq(students.id, studentId));
    if (!student) throw notFound(messages.noStudent);
    await tx
      .insert(studentAccounts)
      .values({ student_id: studentId, password_reset: 1, password_hash: null })
      .onConflictDoUpdate({
        target: studentAccounts.student_id,
        set: { password_reset: 1, password_hash: null },
      });
    await endStudentSessions(tx, studentId);
    await writeAudit(tx, { ...auditActor(actor), action: 'password_reset', studentId, at: now });
    if (ctx.config && ctx.mailKey) {
      const mail = { config: ctx.config, mailKey: ctx.mailKey };
      const data = (s: NotifiedStudent, url: string) => ({ studentName: s.name, link: `${url}/` });
      await notifyStudents(tx, mail, 'password_reset_by_staff', [studentId], data, now);
    }
    return student;
  });
}

/**
 * A student who leaves is withdrawn, not deleted (D29): sign-in is refused, sessions end, the record, files and
 * history stay, and reinstating restores everything as it was. A withdrawn student is not carried into the
 * next year by the rollover, so reinstating one with no enrolment this year enrolls them again (their class
 * stays as it is, none, for the office to set in Edit basics); the year is held while it does (D49).
 */
export async function setStudentWithdrawn(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  withdraw: { reason: string | null } | null,
): Promise<{ withdrawn_at: string | null }> {
  assertMayActOn(actor, studentId);
  const now = ctx.clock();
  return inCurrentYear(ctx, async (tx, year) => {
    const [row] = await tx
      .select({ withdrawn_at: students.withdrawn_at })
      .from(students)
      .where(eq(students.id, studentId))
      .for('update');
    if (!row) throw notFound(messages.noStudent);
    if (withdraw && row.withdrawn_at) throw new AppError(409, 'This student is already withdrawn.');
    if (!withdraw && !row.withdrawn_at) throw new AppError(409, 'This student is not withdrawn.');
    await tx
      .update(students)
      .set({
        withdrawn_at: withdraw ? now : null,
        withdrawn_reason: withdraw ? withdraw.reason : null,
        updated_at: sql`${students.updated_at}`,
      })
      .where(eq(students.id, studentId));
    if (withdraw) await endStudentSessions(tx, studentId);
    const enrolled = withdraw ? [] : await enrolAgain(tx, [studentId]);
    await writeAudit(tx, {
      ...auditActor(actor),
      action: withdraw ? 'student_withdraw' : 'student_reinstate',
      studentId,
      detail: withdraw?.reason ? { reason: withdraw.reason } : enrolled.length ? { enrolled: year } : null,
      at: now,
    });
    return { withdrawn_at: withdraw ? now.toISOString() : null };
  });
}
