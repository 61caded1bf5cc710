import { eq } from 'drizzle-orm';
import { importMessages, type AddStudentResult } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { students } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { inCurrentYear } from '../../shared/school-years.js';
import { checkStudent, loadLookups } from './check-student.js';
import { insertStudents, isUniqueViolation } from './write-students.js';

/** A student added by hand: the checks and the writing of an import's new row (D18), 409 for a taken ID. */
export async function addStudent(ctx: AppContext, actor: Actor, body: unknown): Promise<AddStudentResult> {
  const input = typeof body === 'object' && body !== null ? body : {};
  const { student, errors } = checkStudent(input, await loadLookups(ctx.db), todayAtSchool(ctx));
  if (!student) throw new AppError(400, errors[0]?.message ?? 'Invalid request.', errors);
  const exists = () =>
    new AppError(409, importMessages.studentExists(student.id), [
      { field: 'id', message: importMessages.studentExists(student.id) },
    ]);
  const [taken] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, student.id));
  if (taken) throw exists();
  try {
    // The year is held: a student added while a rollover confirms waits and lands in the new year.
    await inCurrentYear(ctx, (tx) => insertStudents(tx, actor, [student], ctx.clock(), { source: 'form' }), {
      follow: true,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
  return { message: importMessages.added(student.id), id: student.id };
}
