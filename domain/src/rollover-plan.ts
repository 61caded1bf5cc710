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

/** `GET /api/admin/rollover/preview`. */
export const rolloverPreviewSchema = rolloverPlanSchema.extend({
  year_label: z.string(),
  next_year_label: z.string(),
  sixth_form: z.boolean(),
});
export type RolloverPreview = z.infer<typeof rolloverPreviewSchema>;
