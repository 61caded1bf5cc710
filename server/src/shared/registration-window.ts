import { eq } from 'drizzle-orm';
import { dateInZone, isRegistrationOpen, type RegistrationStatus } from '@sp/domain';
import type { AppContext } from '../context.js';
import { formClasses, registrationWindows, students } from '../db/schema.js';

export async function registrationStatus(ctx: AppContext, formLevel: number): Promise<RegistrationStatus> {
  const [row] = await ctx.db
    .select()
    .from(registrationWindows)
    .where(eq(registrationWindows.form_level, formLevel));
  return { open: row?.open === 1 ? 1 : 0, deadline: row?.deadline ?? null, note: row?.note ?? null };
}

/** The student's form level (from the class) and whether registration is open for it now (D13). */
export async function studentRegistration(ctx: AppContext, studentId: string) {
  const [row] = await ctx.db
    .select({ form_level: formClasses.form_level })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .where(eq(students.id, studentId));
  const formLevel = row?.form_level ?? null;
  const status =
    formLevel === null ? { open: 0 as const, deadline: null } : await registrationStatus(ctx, formLevel);
  return {
    formLevel,
    status,
    open: isRegistrationOpen(status, ctx.clock(), ctx.config.SCHOOL_TIMEZONE),
  };
}

export const todayAtSchool = (ctx: AppContext): string => dateInZone(ctx.clock(), ctx.config.SCHOOL_TIMEZONE);

/** Why a student's save was refused. */
export function closedMessage(status: RegistrationStatus): string {
  if (status.open === 1 && status.deadline) return `Registration closed at the end of ${status.deadline}.`;
  return 'Registration is not open for your form at the moment.';
}
