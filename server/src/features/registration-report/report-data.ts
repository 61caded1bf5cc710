import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_TYPES, REGISTRATION_STEPS, documentState, type RegistrationReportQuery } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { formClasses, registrationProgress, students } from '../../db/schema.js';
import { progressOfStudent, STEP_COLUMNS } from '../../shared/registration-progress.js';
import { yearView, type YearView } from '../../shared/year-view.js';
import { badRequest } from '../../errors.js';
import type { ReportStudent } from '../../pdf/registration-report.js';

/** Refuses a class the school does not have, or one outside the chosen form level, with a clear message. */
async function checkFilters(ctx: AppContext, query: RegistrationReportQuery): Promise<void> {
  if (!query.class_id) return;
  const [known] = await ctx.db
    .select({ form_level: formClasses.form_level })
    .from(formClasses)
    .where(eq(formClasses.class_id, query.class_id));
  if (!known) throw badRequest('Unknown class.', 'class_id');
  if (query.form_level !== undefined && known.form_level !== query.form_level)
    throw badRequest(`Class ${query.class_id} is not in Form ${query.form_level}.`, 'class_id');
}

/**
 * The enrolled students of the report (withdrawn ones left out, D29), by form, class and last name, each with
 * the date of every completed step, the state of every document and when the terms were agreed. One query.
 * The current year's students, or a closed year's as they were (D49).
 */
export async function registrationReportStudents(
  ctx: AppContext,
  query: RegistrationReportQuery,
  view?: YearView,
): Promise<ReportStudent[]> {
  await checkFilters(ctx, query);
  const year = view ?? (await yearView(ctx.db, query.year));
  const rows = await year.db
    .select({
      id: students.id,
      first_name: students.first_name,
      middle_name: students.middle_name,
      last_name: students.last_name,
      class_id: students.class_id,
      form_level: formClasses.form_level,
      agreed: students.agree_terms_conditions,
      agreed_at: students.terms_agreed_at,
      ...Object.fromEntries(REGISTRATION_STEPS.map((step) => [`step_${step}`, STEP_COLUMNS[step]])),
      // The two facts D42 reads; domain's documentState names the state the report prints.
      ...Object.fromEntries(DOCUMENT_TYPES.map((type) => [`check_${type}`, year.checkStatusOf(type)])),
      ...Object.fromEntries(
        DOCUMENT_TYPES.map((type) => [
          `file_${type}`,
          sql<boolean>`${year.hasFileOf(type)}`.mapWith(Boolean),
        ]),
      ),
    })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .leftJoin(registrationProgress, progressOfStudent)
    .where(
      and(
        isNull(students.withdrawn_at),
        year.enrolled,
        query.form_level === undefined ? undefined : eq(formClasses.form_level, query.form_level),
        query.class_id === undefined ? undefined : eq(students.class_id, query.class_id),
      ),
    )
    .orderBy(
      sql`${formClasses.form_level} nulls last`,
      sql`${students.class_id} nulls last`,
      asc(sql`lower(${students.last_name})`),
      asc(sql`lower(${students.first_name})`),
      asc(students.id),
    );
  return rows.map((r) => {
    const row = r as unknown as Record<string, unknown>;
    return {
      id: r.id,
      first_name: r.first_name,
      middle_name: r.middle_name,
      last_name: r.last_name,
      class_id: r.class_id,
      form_level: r.form_level,
      steps: Object.fromEntries(
        REGISTRATION_STEPS.map((s) => [s, (row[`step_${s}`] as Date | null) ?? null]),
      ) as ReportStudent['steps'],
      documents: Object.fromEntries(
        DOCUMENT_TYPES.map((t) => [t, documentState(row[`check_${t}`] as string | null, !!row[`file_${t}`])]),
      ) as ReportStudent['documents'],
      termsAgreedAt: r.agreed === 1 ? (r.agreed_at ?? null) : null,
      termsAgreed: r.agreed === 1,
    };
  });
}
