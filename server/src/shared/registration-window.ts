import { eq, sql } from 'drizzle-orm';
import { dateInZone, isRegistrationOpen, type DocumentType, type RegistrationStatus } from '@sp/domain';
import type { AppContext } from '../context.js';
import { documentChecks, formClasses, registrationWindows, students } from '../db/schema.js';

export async function registrationStatus(ctx: AppContext, formLevel: number): Promise<RegistrationStatus> {
  const [row] = await ctx.db
    .select()
    .from(registrationWindows)
    .where(eq(registrationWindows.form_level, formLevel));
  return windowStatus(row);
}

type WindowRow = { open: number | null; deadline: string | null; note?: string | null };

const windowStatus = (row: WindowRow | null | undefined): RegistrationStatus => ({
  open: row?.open === 1 ? 1 : 0,
  deadline: row?.deadline ?? null,
  note: row?.note ?? null,
});

/**
 * Whether registration is open now for a student of this form level, from its window row (read already, as
 * part of another query); no form level means not open (D13).
 */
export function registrationFromWindow(
  ctx: AppContext,
  formLevel: number | null,
  window: WindowRow | null | undefined,
) {
  const status = windowStatus(formLevel === null ? null : window);
  return { formLevel, status, open: isRegistrationOpen(status, ctx.clock(), ctx.config.SCHOOL_TIMEZONE) };
}

/**
 * The student's form level (from the class) and whether registration is open now for it (D13). With
 * `upload`, the document being uploaded: one the school rejected may be uploaded again while registration is
 * closed (D42), or the family would be told to upload it with no way to, so `open` is true for it alone.
 */
export async function studentRegistration(ctx: AppContext, studentId: string, upload?: DocumentType) {
  const [row] = await ctx.db
    .select({
      form_level: formClasses.form_level,
      rejected:
        upload === undefined
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${documentChecks} where ${documentChecks.student_id} = ${students.id}
              and ${documentChecks.type} = ${upload} and ${documentChecks.status} = 'rejected')`,
    })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .where(eq(students.id, studentId));
  const formLevel = row?.form_level ?? null;
  const window = formLevel === null ? null : await registrationStatus(ctx, formLevel);
  const registration = registrationFromWindow(ctx, formLevel, window);
  return row?.rejected === true ? { ...registration, open: true } : registration;
}

export const todayAtSchool = (ctx: AppContext): string => dateInZone(ctx.clock(), ctx.config.SCHOOL_TIMEZONE);

/** Why a student's save was refused. */
export function closedMessage(status: RegistrationStatus): string {
  if (status.open === 1 && status.deadline) return `Registration closed at the end of ${status.deadline}.`;
  return 'Registration is not open for your form at the moment.';
}
