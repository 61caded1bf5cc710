import { z } from 'zod';

/** D49: what staff may mark a student with before the rollover; no mark means "moves on as usual". */
export const ROLLOVER_MARKS = ['repeating', 'leaving', 'transferring', 'sixth_form'] as const;
export type RolloverMark = (typeof ROLLOVER_MARKS)[number];
export const ROLLOVER_MARK_LABELS: Record<RolloverMark, string> = {
  repeating: 'Repeating the year',
  leaving: 'Leaving',
  transferring: 'Transferring to another school',
  sixth_form: 'Moving to the sixth form',
};

/** A student's standing in a school year (the enrolment row's status). */
export const ENROLMENT_STATUSES = [
  'enrolled',
  'repeating',
  'withdrawn',
  'left',
  'graduated',
  'transferred',
] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = {
  enrolled: 'Enrolled',
  repeating: 'Repeating',
  withdrawn: 'Withdrawn',
  left: 'Left',
  graduated: 'Graduated',
  transferred: 'Transferred',
};
/** How a closing year ends for a student who gets no enrolment in the next one. */
export const LEAVER_STATUSES = ['graduated', 'left', 'transferred', 'withdrawn'] as const;
export type LeaverStatus = (typeof LEAVER_STATUSES)[number];
/** How the closing year's row ends: enrolled (moving on or repeating) or one of the leavers' statuses. */
export type ClosingStatus = 'enrolled' | LeaverStatus;
export type NextStatus = 'enrolled' | 'repeating';

/** Forms 1–5, then Lower and Upper Sixth when the school has a sixth form. */
export const LAST_FORM = 5;
export const LOWER_SIXTH = 6;
export const UPPER_SIXTH = 7;

const formClassSchema = z.object({
  form_level: z.number().int().nullable(),
  class_id: z.string().nullable(),
});

/** One student's line of the plan: where they are, how their year closes, and where they go (null: nowhere). */
export const rolloverRowSchema = z.object({
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  from: formClassSchema,
  mark: z.enum(ROLLOVER_MARKS).nullable(),
  school: z.string().nullable(),
  closing_status: z.enum(['enrolled', ...LEAVER_STATUSES]),
  next: z
    .object({
      form_level: z.number().int(),
      /** null only with a problem: the next class could not be worked out. */
      class_id: z.string().nullable(),
      status: z.enum(['enrolled', 'repeating']),
    })
    .nullable(),
  /** The closing year's status note: the school a transferring student goes to. */
  note: z.string().nullable(),
  /** Why this student cannot be moved yet; the plan's conflicts say the same for the whole school. */
  problem: z.string().nullable(),
});
export type RolloverRow = z.infer<typeof rolloverRowSchema>;

const countSchema = <K extends z.ZodType>(key: K) =>
  z.object({ key, before: z.number().int(), after: z.number().int() });
export const rolloverConflictSchema = z.object({
  student_id: z.string().nullable(),
  class_id: z.string().nullable(),
  message: z.string(),
});
export type RolloverConflict = z.infer<typeof rolloverConflictSchema>;

export const rolloverPlanSchema = z.object({
  from_year: z.number().int(),
  to_year: z.number().int(),
  students: z.array(rolloverRowSchema),
  /** Students per form and per class now (withdrawn students left out) and in the new year. */
  forms: z.array(countSchema(z.number().int())),
  classes: z.array(countSchema(z.string())),
  leavers: z.object(
    Object.fromEntries(LEAVER_STATUSES.map((s) => [s, z.number().int()])) as Record<
      LeaverStatus,
      z.ZodNumber
    >,
  ),
  repeating: z.number().int(),
  conflicts: z.array(rolloverConflictSchema),
  /** Names these decisions: confirming with an older hash is refused (something changed since the preview). */
  plan_hash: z.string(),
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;

/** The most conflicts the preview names (a school with no classes yet would have one per student). */
export const ROLLOVER_CONFLICTS_SHOWN = 200;

/** A conflict as the preview names it, with what the page needs to fix it. */
export const rolloverPreviewConflictSchema = rolloverConflictSchema.extend({
  /** The student's row, for a conflict about one student (their mark is changed from it). */
  student: rolloverRowSchema.nullable(),
  /** The classes whose move fixes a class's conflict: the class itself or the classes of the students it stops. */
  fix_classes: z.array(z.string()),
});
export type RolloverPreviewConflict = z.infer<typeof rolloverPreviewConflictSchema>;

/**
 * `GET /api/admin/rollover/preview`: the plan of the whole school, its rows a page at a time. The counts,
 * leavers and plan hash are the whole school's; `conflicts` are the first ROLLOVER_CONFLICTS_SHOWN of
 * `conflicts_total`; `students` are the page of the rows matching the query, of `students_total`.
 */
export const rolloverPreviewSchema = rolloverPlanSchema.omit({ students: true, conflicts: true }).extend({
  year_label: z.string(),
  next_year_label: z.string(),
  sixth_form: z.boolean(),
  /** Whether the current year has started, so it may be closed today; close_refused says why not. */
  can_close: z.boolean(),
  close_refused: z.string().nullable(),
  conflicts: z.array(rolloverPreviewConflictSchema),
  conflicts_total: z.number().int(),
  /** Each class the year's students are in now (null: in no class), with how many, for the class filter. */
  student_classes: z.array(z.object({ class_id: z.string().nullable(), students: z.number().int() })),
  students: z.array(rolloverRowSchema),
  students_total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type RolloverPreview = z.infer<typeof rolloverPreviewSchema>;
