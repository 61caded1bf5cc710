import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { wholeNumberParam } from './query-params.js';
import { postTermReportsSchema, postedTermSchema } from './term-admin.js';

const yearParam = wholeNumberParam('The year must be a number from 2000 to 2100.', 2000, 2100);
const termParam = wholeNumberParam('The term must be 1, 2 or 3.', 1, 3);
export const classIdParam = z
  .string({ error: 'A class is required.' })
  .trim()
  .min(1, 'A class is required.')
  .max(10, 'A class has at most 10 characters.')
  .regex(/^[A-Za-z0-9-]+$/, 'A class has only letters, digits and dashes.');

export const termParamsSchema = z.object({ year: yearParam, term: termParam });
export type TermParams = z.infer<typeof termParamsSchema>;

/** GET /api/report-card/{student_id}/{year}/{term}. */
export const reportCardParamsSchema = termParamsSchema.extend({ student_id: studentIdSchema });

/** One entry of GET /api/report-card-terms/{student_id} (spec section 3: term report record). */
export const reportCardTermSchema = z.object({
  year: z.number(),
  term: z.number(),
  posted: z.union([z.literal(0), z.literal(1)]),
  date_posted: z.string().nullable(),
  form_level: z.number().nullable(),
  class_id: z.string().nullable(),
});
export type ReportCardTerm = z.infer<typeof reportCardTermSchema>;
export const reportCardTermListSchema = z.array(reportCardTermSchema);

// ---------------------------------------------------------------- whole class in one go (D24)
export const REPORT_CARD_JOB_KINDS = ['pdf', 'zip'] as const;
export type ReportCardJobKind = (typeof REPORT_CARD_JOB_KINDS)[number];

export const reportCardJobRequestSchema = z.strictObject({
  year: z.number({ error: 'The year must be a number from 2000 to 2100.' }).int().min(2000).max(2100),
  term: z.number({ error: 'The term must be 1, 2 or 3.' }).int().min(1).max(3),
  class_id: classIdParam,
  kind: z.enum(REPORT_CARD_JOB_KINDS, { error: 'The kind must be pdf or zip.' }),
});
export type ReportCardJobRequest = z.infer<typeof reportCardJobRequestSchema>;

export const reportCardJobSchema = z.object({
  id: z.number(),
  year: z.number(),
  term: z.number(),
  class_id: z.string(),
  kind: z.enum(REPORT_CARD_JOB_KINDS),
  status: z.enum(['running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  /** ISO instant. */
  created_at: z.string(),
  created_by: z.string(),
});
export type ReportCardJob = z.infer<typeof reportCardJobSchema>;
export const reportCardJobListSchema = z.array(reportCardJobSchema);

export const reportCardJobIdParams = z.object({
  id: wholeNumberParam('The job must be a number.', 1, 2_147_483_647),
});
export const reportCardJobQuerySchema = z.strictObject({ year: yearParam, term: termParam });

// ---------------------------------------------------------------- read tracking (D24)
export const reportCardReaderSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const reportCardClassReadsSchema = z.object({
  class_id: z.string(),
  form_level: z.number().nullable(),
  students: z.number(),
  opened: z.number(),
  /** Students of the class who have not opened their card yet, by last name. */
  not_opened: z.array(reportCardReaderSchema),
  /** D41: students the posting left out (no entered mark): they have no card to open. */
  not_posted: z.array(reportCardReaderSchema),
});
export type ReportCardClassReads = z.infer<typeof reportCardClassReadsSchema>;

export const reportCardTermReadsSchema = z.object({
  year: z.number(),
  term: z.number(),
  posted: z.union([z.literal(0), z.literal(1)]),
  date_posted: z.string().nullable(),
  classes: z.array(reportCardClassReadsSchema),
});
export type ReportCardTermReads = z.infer<typeof reportCardTermReadsSchema>;

/** GET /api/report-card-reads: every term that has report cards, newest first, with its read count. */
export const reportCardTermSummarySchema = z.object({
  year: z.number(),
  term: z.number(),
  posted: z.union([z.literal(0), z.literal(1)]),
  date_posted: z.string().nullable(),
  students: z.number(),
  opened: z.number(),
});
export type ReportCardTermSummary = z.infer<typeof reportCardTermSummarySchema>;
export const reportCardTermSummaryListSchema = z.array(reportCardTermSummarySchema);

// ---------------------------------------------------------------- the check before posting (D41)
/** Why a student has no entered mark: no result row at all, or only rows whose marks are all blank. */
export const NO_MARKS_REASONS = ['no_rows', 'blank_rows'] as const;
export type NoMarksReason = (typeof NO_MARKS_REASONS)[number];
export const noMarksReasonLabel: Record<NoMarksReason, string> = {
  no_rows: 'no results at all',
  blank_rows: 'only blank rows',
};

const checkStudentSchema = z.object({ id: z.string(), name: z.string() });

/** GET /api/terms/{id}/missing-results. */
export const postingCheckSchema = z.object({
  /** Per class, the students with no entered mark: left out of posting unless their class is included. */
  classes: z.array(
    z.object({
      class_id: z.string(),
      students: z.number(),
      no_marks: z.array(checkStudentSchema.extend({ reason: z.enum(NO_MARKS_REASONS) })),
    }),
  ),
  /** Students with entered marks who lack a subject of their form, or a summary: their cards are posted. */
  incomplete: z.array(
    checkStudentSchema.extend({
      class_id: z.string().nullable(),
      missing: z.array(z.string()),
      no_summary: z.boolean(),
    }),
  ),
  /** Who the term's current posting left out (empty while it is not posted). */
  left_out: z.array(z.string()),
  /** Whom the current posting included although they had no mark ('' is "no class"); nothing while not posted. */
  included: z.object({ all: z.boolean(), classes: z.array(z.string()) }),
});
export type PostingCheck = z.infer<typeof postingCheckSchema>;

export const INCLUDE_CLASSES_MAX = 1000;

/** The spec's body, plus whom to include although they have no entered mark (D41). */
export const postTermRequestSchema = postTermReportsSchema.extend({
  include_classes: z
    .array(classIdParam)
    .max(INCLUDE_CLASSES_MAX, `Include at most ${INCLUDE_CLASSES_MAX} classes.`)
    .optional(),
  include_all: z.boolean({ error: 'include_all is true or false.' }).optional(),
  /** Students in no class (withdrawn, or results under no class) with no entered mark. */
  include_no_class: z.boolean({ error: 'include_no_class is true or false.' }).optional(),
});
export type PostTermRequest = z.input<typeof postTermRequestSchema>;

/** A term as the posting screen shows it: release times also in the school's own clock and zone. */
export const postingTermSchema = postedTermSchema.extend({
  /** The scheduled release as the school's wall clock, "yyyy-MM-dd HH:mm". */
  release_at_school: z.string().nullable(),
  time_zone: z.string(),
});
export type PostingTerm = z.infer<typeof postingTermSchema>;
export const postingTermListSchema = z.array(postingTermSchema);

/** The school's way of writing a time, used where a time is typed. */
export const SCHOOL_TIME_FORMAT = 'yyyy-MM-dd HH:mm';
export const releaseMessages = {
  format: `Write the time as ${SCHOOL_TIME_FORMAT} (24-hour), e.g. 2026-12-01 08:00.`,
} as const;

/** "2026-12-01 08:00" (or with a T) → "2026-12-01T08:00" when it is a real day and time; else null. */
export function normalSchoolTime(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
}

/** The scheduled release as typed on the posting screen: the school's wall clock, read as "2026-12-01T08:00". */
export const releaseTimeFormSchema = z.object({
  release_at: z
    .string()
    .max(40, releaseMessages.format)
    .transform((text, ctx) => {
      const local = normalSchoolTime(text);
      if (local === null) ctx.addIssue({ code: 'custom', message: releaseMessages.format });
      return local ?? z.NEVER;
    }),
});

/**
 * POST /api/terms/{id}/release: a time on the school's clock ("2026-12-01 08:00"), an ISO instant, or null
 * to cancel the scheduled release.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isIsoInstant = (v: string) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v));

export const releaseRequestSchema = z.strictObject({
  release_at: z
    .string({ error: releaseMessages.format })
    .max(40, releaseMessages.format)
    .refine((v) => isIsoInstant(v) || normalSchoolTime(v) !== null, releaseMessages.format)
    .nullable(),
});
