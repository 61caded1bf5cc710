import { z } from 'zod';
import { wholeNumberParam } from './query-params.js';
import { academicYearLabel } from './rules.js';

/**
 * The `year` of a staff view (D49): the year a school year starts, 2025 for 2025-2026. Absent, a view reads
 * the current year. A year the school does not have is the server's 404, not a malformed request.
 */
export const schoolYearParam = wholeNumberParam(
  'A school year is named by the year it starts, such as 2026.',
  1900,
  2999,
);

/**
 * What the year selector reads of `GET /api/admin/school-years` (every school year, newest first); the
 * answer holds more (counts, undo), which the rollover page reads.
 */
export const schoolYearSchema = z.object({
  year: z.number(),
  label: z.string(),
  state: z.enum(['current', 'closed']),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type SchoolYearInfo = z.infer<typeof schoolYearSchema>;
export const schoolYearListSchema = z.object({ years: z.array(schoolYearSchema) });

/** What every staff view of a closed year says in place of its write controls. */
export const closedYearNote = (year: number): string => `${academicYearLabel(year)} is closed: read only`;

/** `?year=` of the registration form; any other parameter is ignored, as it always was. */
export const registrationFormQuerySchema = z.object({ year: schoolYearParam.optional() });
