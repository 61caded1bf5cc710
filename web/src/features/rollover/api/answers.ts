import { classMoveSchema } from '@sp/domain';
import { z } from 'zod';

/**
 * The answers of the rollover routes that domain does not name (the preview's is `rolloverPreviewSchema`).
 * Read loosely: only what the page shows is required, so a field added on the server breaks nothing here.
 */
export const schoolYearSchema = z.object({
  year: z.number().int(),
  label: z.string(),
  state: z.enum(['current', 'closed']),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The current year only: its rollover may be undone now (the same school day, nothing saved since). */
  can_undo: z.boolean(),
  /** Why the current year's rollover can no longer be undone; null when it can or no rollover opened it. */
  undo_refused: z.string().nullable(),
});
export type SchoolYear = z.infer<typeof schoolYearSchema>;
export const schoolYearsSchema = z
  .object({ years: z.array(schoolYearSchema) })
  .transform((answer) => answer.years);

export const classMovesAnswerSchema = z.array(classMoveSchema);

/** Whatever a mark or the class moves answer: the page reads the preview again. */
export const writeAnswerSchema = z.unknown();

export const classListAnswerSchema = z.object({
  file_name: z.string(),
  /** Students given a class for next year, and those whose class for next year a blank cell cleared. */
  students: z.number().int(),
  cleared: z.number().int(),
});
export type ClassListAnswer = z.infer<typeof classListAnswerSchema>;

/** `POST /api/admin/rollover`: `already` when this year had been closed before (nothing written again). */
export const rolloverAnswerSchema = z.object({
  already: z.boolean(),
  from_year: z.number().int(),
  to_year: z.number().int(),
});
