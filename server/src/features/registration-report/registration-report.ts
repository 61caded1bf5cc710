import { timestampInZone, type RegistrationReportQuery } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { buildRegistrationReport } from '../../pdf/registration-report.js';
import { schoolIdentity } from '../../shared/settings.js';
import { registrationReportStudents } from './report-data.js';

const scopeOf = (query: RegistrationReportQuery): string =>
  query.class_id ? `Class ${query.class_id}` : query.form_level ? `Form ${query.form_level}` : 'Whole school';

/** Reads the report's students and the school's name, and prints the registration report. */
export async function registrationReportPdf(
  ctx: AppContext,
  query: RegistrationReportQuery,
): Promise<Buffer> {
  const [list, school] = await Promise.all([
    registrationReportStudents(ctx, query),
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
  ]);
  const tz = ctx.config.SCHOOL_TIMEZONE;
  return buildRegistrationReport({
    school,
    scope: scopeOf(query),
    students: list,
    timeZone: tz,
    printedAt: timestampInZone(ctx.clock(), tz).slice(0, 16),
  });
}
