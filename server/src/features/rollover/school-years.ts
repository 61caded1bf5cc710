import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ENROLMENT_STATUSES, academicYearLabel, type EnrolmentStatus } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { schoolYears } from '../../db/schema.js';
import { rowsOf } from './freeze.js';
import { undoRefusal } from './undo.js';

export const schoolYearSchema = z.object({
  year: z.number().int(),
  /** "2026-2027". */
  label: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  state: z.enum(['current', 'closed']),
  opened_at: z.string().nullable(),
  opened_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  /** Students enrolled in the year, whatever their status. */
  students: z.number().int(),
  /** Students per status (the current year's withdrawn follow the live record). */
  statuses: z.object(
    Object.fromEntries(ENROLMENT_STATUSES.map((s) => [s, z.number().int()])) as Record<
      EnrolmentStatus,
      z.ZodNumber
    >,
  ),
  /** The current year only: its rollover may be undone now. */
  can_undo: z.boolean(),
  /** Why the current year's rollover cannot be undone (null when it can, or when no rollover opened it). */
  undo_refused: z.string().nullable(),
});
export const schoolYearsSchema = z.object({ years: z.array(schoolYearSchema) });
export type SchoolYearsAnswer = z.infer<typeof schoolYearsSchema>;

/** `GET /api/admin/school-years`: every year, newest first, with its counts. */
export async function listSchoolYears(ctx: AppContext): Promise<SchoolYearsAnswer> {
  const [years, counts] = await Promise.all([
    ctx.db.select().from(schoolYears).orderBy(desc(schoolYears.year)),
    ctx.db.execute(sql`SELECT year, status, count(*)::int AS n FROM year_enrolments GROUP BY year, status`),
  ]);
  const byYear = new Map<number, Record<string, number>>();
  for (const { year, status, n } of rowsOf<{ year: number; status: string; n: number }>(counts)) {
    const found = byYear.get(year) ?? {};
    found[status] = n;
    byYear.set(year, found);
  }
  return {
    years: await Promise.all(
      years.map(async (y) => {
        const found = byYear.get(y.year) ?? {};
        const statuses = Object.fromEntries(ENROLMENT_STATUSES.map((s) => [s, found[s] ?? 0])) as Record<
          EnrolmentStatus,
          number
        >;
        const undo =
          y.state === 'current' && y.rollover_audit_id !== null
            ? await undoRefusal(ctx.db, ctx, y.year)
            : null;
        return {
          year: y.year,
          label: academicYearLabel(y.year),
          starts_on: y.starts_on,
          ends_on: y.ends_on,
          state: y.state === 'current' ? ('current' as const) : ('closed' as const),
          opened_at: y.opened_at?.toISOString() ?? null,
          opened_by: y.opened_by,
          closed_at: y.closed_at?.toISOString() ?? null,
          closed_by: y.closed_by,
          students: Object.values(found).reduce((a, b) => a + b, 0),
          statuses,
          can_undo: undo !== null && undo.refusal === null,
          undo_refused: undo?.refusal ?? null,
        };
      }),
    ),
  };
}
