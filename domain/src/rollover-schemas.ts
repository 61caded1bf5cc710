import { z } from 'zod';
import { classFilterSchema } from './completion.js';
import { plainText } from './plain-text.js';
import { wholeNumberParam } from './query-params.js';
import { academicYearLabel, isRealDate, longDateOf } from './rules.js';
import { ROLLOVER_MARKS } from './rollover-plan.js';

export const NEXT_SCHOOL_MAX_LENGTH = 100;
export const CLASS_MOVES_MAX = 500;
const CLASS_ID_MAX_LENGTH = 10;

/** A school year's default span: 1 September to 31 August. */
export const defaultYearDates = (year: number): { starts_on: string; ends_on: string } => ({
  starts_on: `${year}-09-01`,
  ends_on: `${year + 1}-08-31`,
});

/**
 * Why the current year cannot be closed today (`today` and `startsOn` are school dates), or null when it can:
 * a year is closed only once it has started, so a second rollover cannot follow the first by a stray click.
 */
export const yearCloseRefusal = (year: number, startsOn: string, today: string): string | null =>
  today >= startsOn
    ? null
    : `${academicYearLabel(year)} starts on ${longDateOf(startsOn)}: it can be closed from then.`;

const classIdSchema = plainText('Enter a class.')
  .trim()
  .min(1, 'Enter a class.')
  .max(CLASS_ID_MAX_LENGTH, `A class has at most ${CLASS_ID_MAX_LENGTH} characters.`);

/**
 * `PUT /api/admin/rollover/marks/:studentId` and `.../class-marks/:classId`: null clears the mark. The school
 * is kept only with a transferring mark, where it is required (it is the note the closing year keeps).
 */
export const rolloverMarkSchema = z
  .strictObject({
    mark: z
      .enum(ROLLOVER_MARKS, { error: 'Choose repeating, leaving, transferring or sixth form.' })
      .nullable(),
    school: plainText()
      .trim()
      .max(NEXT_SCHOOL_MAX_LENGTH, `Use at most ${NEXT_SCHOOL_MAX_LENGTH} characters for the school.`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mark === 'transferring' && !v.school)
      ctx.addIssue({
        code: 'custom',
        path: ['school'],
        message: 'Enter the school the student is going to.',
      });
  })
  .transform((v) => ({ mark: v.mark, school: v.mark === 'transferring' ? (v.school ?? null) : null }));
export type RolloverMarkInput = z.input<typeof rolloverMarkSchema>;
export type RolloverMarkUpdate = z.output<typeof rolloverMarkSchema>;

/** The preview's page of students: 50 unless asked for more, 200 at most. */
export const ROLLOVER_PAGE_SIZE = 50;
export const ROLLOVER_PAGE_MAX = 200;

/**
 * `GET /api/admin/rollover/preview`'s query: which students' rows the answer lists. `class_id` keeps one class
 * (empty: the students in no class); `q` keeps those whose ID, first or last name starts with it, whatever the
 * case; `marked=1` only those with a mark; `offset`/`limit` page through them.
 */
export const rolloverPreviewQuerySchema = z.strictObject({
  class_id: classFilterSchema.optional(),
  q: plainText().trim().max(50, 'Search with at most 50 characters.').optional(),
  marked: z.enum(['0', '1'], { error: 'Use 0 or 1.' }).optional(),
  offset: wholeNumberParam('Offset must be a whole number, 0 or more.', 0).optional(),
  limit: wholeNumberParam(
    `Limit must be a number from 1 to ${ROLLOVER_PAGE_MAX}.`,
    1,
    ROLLOVER_PAGE_MAX,
  ).optional(),
});
export type RolloverPreviewQuery = z.infer<typeof rolloverPreviewQuerySchema>;

export const classMoveSchema = z.strictObject({ from: classIdSchema, to: classIdSchema });
export type ClassMove = z.infer<typeof classMoveSchema>;

/** `PUT /api/admin/rollover/class-moves`: the whole old → new class map, replacing the one kept. */
export const classMovesSchema = z
  .array(classMoveSchema, { error: 'Send the class moves as a list of {from, to}.' })
  .max(CLASS_MOVES_MAX, `Send at most ${CLASS_MOVES_MAX} class moves.`)
  .superRefine((moves, ctx) => {
    const seen = new Set<string>();
    moves.forEach((m, i) => {
      if (seen.has(m.from))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'from'],
          message: `Class ${m.from} has two moves: keep one.`,
        });
      seen.add(m.from);
    });
  });

const isoDate = z
  .string({ error: 'Enter the date as yyyy-MM-dd.' })
  .refine(isRealDate, 'Enter a real date (yyyy-MM-dd).');

/** `POST /api/admin/rollover`: close from_year and open the next, as previewed (the plan hash). */
export const rolloverConfirmSchema = z
  .strictObject({
    from_year: z
      .number({ error: 'Name the school year to close.' })
      .int('Name the school year to close.')
      .min(2000, 'Name the school year to close.')
      .max(2999, 'Name the school year to close.'),
    to_year: z.number({ error: 'Name the school year to open.' }).int('Name the school year to open.'),
    starts_on: isoDate,
    ends_on: isoDate,
    plan_hash: z
      .string({ error: 'Load the preview before confirming.' })
      .regex(/^[0-9a-f]{16}$/, 'Load the preview before confirming.'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.to_year !== v.from_year + 1)
      issue(
        'to_year',
        `The year after ${academicYearLabel(v.from_year)} is ${academicYearLabel(v.from_year + 1)}.`,
      );
    else if (Number(v.starts_on.slice(0, 4)) !== v.to_year)
      issue('starts_on', `The year ${academicYearLabel(v.to_year)} starts in ${v.to_year}.`);
    if (v.ends_on <= v.starts_on) issue('ends_on', 'The year must end after it starts.');
    else if (Number(v.ends_on.slice(0, 4)) > v.to_year + 1)
      issue('ends_on', `The year ${academicYearLabel(v.to_year)} ends in ${v.to_year + 1} at the latest.`);
  });
export type RolloverConfirm = z.infer<typeof rolloverConfirmSchema>;
