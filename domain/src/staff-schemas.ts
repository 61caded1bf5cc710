import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { plainText } from './plain-text.js';
import { classFilterSchema, completionItemSchema } from './completion.js';
import { documentTypeSchema, storedFileSchema } from './documents.js';
import { wholeNumberParam } from './query-params.js';
import { schoolYearParam } from './school-years.js';

/** How the staff's student list can be ordered (D28): newest update first by default. */
export const STUDENT_LIST_SORTS = ['updated', 'name', 'id', 'class'] as const;
export type StudentListSort = (typeof STUDENT_LIST_SORTS)[number];
/** The most students one page of `GET /api/students` holds. */
export const STUDENT_PAGE_MAX = 500;

/**
 * `GET /api/students` (D28): every student by default, as the spec has it; `include_withdrawn=1` also lists
 * students who left (D29); `q` keeps those whose ID, first or last name or birth certificate PIN starts with
 * it, or whose class it is; `class_id` keeps one class (empty: the students in no class); `pending` keeps the
 * enrolled students who have not done a step, document or the terms (the completion dashboard's "not done"
 * list); `limit`/`offset` page through them; the total is in the X-Total-Count header.
 */
export const studentListQuerySchema = z.strictObject({
  include_withdrawn: z.enum(['0', '1'], { error: 'Use 0 or 1.' }).optional(),
  q: plainText().trim().max(50, 'Search with at most 50 characters.').optional(),
  limit: wholeNumberParam(
    `Limit must be a number from 1 to ${STUDENT_PAGE_MAX}.`,
    1,
    STUDENT_PAGE_MAX,
  ).optional(),
  offset: wholeNumberParam('Offset must be a whole number, 0 or more.', 0).optional(),
  sort: z.enum(STUDENT_LIST_SORTS, { error: `Sort by ${STUDENT_LIST_SORTS.join(', ')}.` }).optional(),
  pending: completionItemSchema.optional(),
  class_id: classFilterSchema.optional(),
  /** Only the students no parent account is linked to (D50). */
  no_parent: z.enum(['1'], { error: 'Use 1.' }).optional(),
  /** A closed school year's students as they were (D49); the current year when absent. */
  year: schoolYearParam.optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** The spec's `POST /api/reset-password-student` body. */
export const resetPasswordStudentSchema = z.strictObject({ student_id: studentIdSchema });
export const resetPasswordStudentResponseSchema = z.object({
  message: z.string(),
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const withdrawStudentSchema = z.strictObject({
  reason: plainText()
    .trim()
    .max(200, 'Use at most 200 characters.')
    .optional()
    .transform((v) => v || null),
});
export const withdrawalResultSchema = z.object({ message: z.string(), withdrawn_at: z.string().nullable() });

/** D23: what staff found when they checked a document. */
export const DOCUMENT_CHECK_STATUSES = ['received', 'verified', 'rejected'] as const;
export type DocumentCheckStatus = (typeof DOCUMENT_CHECK_STATUSES)[number];
export const DOCUMENT_CHECK_LABELS: Record<DocumentCheckStatus, string> = {
  received: 'Received',
  verified: 'Verified',
  rejected: 'Rejected',
};
export const REJECTION_REASON_MAX = 300;

export const documentCheckSchema = z
  .strictObject({
    student_id: studentIdSchema,
    type: documentTypeSchema,
    /** null clears the check (the document waits to be checked again). */
    status: z.enum(DOCUMENT_CHECK_STATUSES, { error: 'Choose received, verified or rejected.' }).nullable(),
    reason: plainText()
      .trim()
      .max(REJECTION_REASON_MAX, `Use at most ${REJECTION_REASON_MAX} characters.`)
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((check, ctx) => {
    if (check.status === 'rejected' && !check.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the document is rejected.' });
  });
export type DocumentCheckInput = z.input<typeof documentCheckSchema>;

/** One document of a student as staff and the family see it: the file (if any) and the staff check. */
export const documentCheckStateSchema = z.object({
  type: documentTypeSchema,
  status: z.enum(DOCUMENT_CHECK_STATUSES).nullable(),
  reason: z.string().nullable(),
  checked_by: z.string().nullable(),
  checked_at: z.string().nullable(),
  file: storedFileSchema.nullable(),
});
export type DocumentCheckState = z.infer<typeof documentCheckStateSchema>;
export const documentCheckListSchema = z.array(documentCheckStateSchema);
