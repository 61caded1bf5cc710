import { academicYearLabel, timestampInZone, type RegistrationReportQuery } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { buildRegistrationReport } from '../../pdf/registration-report.js';
import { schoolIdentity } from '../../shared/settings.js';
import { yearView } from '../../shared/year-view.js';
import { registrationReportStudents } from './report-data.js';

const scopeOf = (query: RegistrationReportQuery): string =>
  query.class_id ? `Class ${query.class_id}` : query.form_level ? `Form ${query.form_level}` : 'Whole school';

/** Reads the report's students and the school's name, and prints the registration report. */
export async function registrationReportPdf(
  ctx: AppContext,
  query: RegistrationReportQuery,
): Promise<Buffer> {
  const view = await yearView(ctx.db, query.year);
  const [list, school] = await Promise.all([
    registrationReportStudents(ctx, query, view),
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
  ]);
  const tz = ctx.config.SCHOOL_TIMEZONE;
  return buildRegistrationReport({
    school,
    // A closed year's report says which year it is; the current year's reads as it always has.
    scope:
      view.past && view.year ? `${scopeOf(query)}, ${academicYearLabel(view.year.year)}` : scopeOf(query),
    students: list,
    timeZone: tz,
    printedAt: timestampInZone(ctx.clock(), tz).slice(0, 16),
  });
}
