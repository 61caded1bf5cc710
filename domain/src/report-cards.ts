import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { wholeNumberParam } from './query-params.js';

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
