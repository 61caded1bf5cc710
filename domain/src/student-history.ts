import { z } from 'zod';
import { wholeNumberParam } from './query-params.js';
import { schoolYearParam } from './school-years.js';

/** Paging of GET /api/students/:id/history: newest first, `before` is the id of the last entry seen. */
export const studentHistoryQuerySchema = z.strictObject({
  limit: wholeNumberParam('limit must be a number from 1 to 100.', 1, 100).default(25),
  before: wholeNumberParam('before must be the id of an entry.', 1).optional(),
  /** Only what happened between a school year's first and last day (D49). */
  year: schoolYearParam.optional(),
});
export type StudentHistoryQuery = z.infer<typeof studentHistoryQuerySchema>;

export const studentHistoryEntrySchema = z.object({
  id: z.number(),
  /** ISO instant. */
  at: z.string(),
  actor_kind: z.string(),
  actor_id: z.string().nullable(),
  /** A staff member's full name from their account (the audit row keeps the username); null otherwise. */
  actor_name: z.string().nullable(),
  action: z.string(),
  /** What happened, readable: "Changed", "Uploaded a document", "Signed in". */
  what: z.string(),
  field: z.string().nullable(),
  /** The field's heading from the field table, or the document's name. */
  field_label: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
});
export type StudentHistoryEntry = z.infer<typeof studentHistoryEntrySchema>;

export const studentHistorySchema = z.object({
  entries: z.array(studentHistoryEntrySchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next_before: z.number().nullable(),
});
export type StudentHistory = z.infer<typeof studentHistorySchema>;

/** Audit actions as a line of a student's history (D8). */
export const HISTORY_ACTION_LABELS: Record<string, string> = {
  login: 'Signed in',
  login_failed: 'Sign-in failed',
  login_refused: 'Sign-in refused',
  logout: 'Signed out',
  password_change: 'Changed the password',
  password_reset: 'Password reset',
  student_update: 'Changed',
  upload: 'Uploaded a document',
  document_check: 'Checked a document',
  import: 'Imported',
  student_add: 'Added',
  student_withdraw: 'Withdrew',
  student_reinstate: 'Reinstated',
  student_reenrol: 'Enrolled again',
  term_result_update: 'Changed a term result',
  step_unchanged: 'Confirmed unchanged',
  rollover_mark: 'Marked for next school year',
  year_end: 'School year closed: class then and next',
  rollover_undo: 'School year closing undone',
  parent_link: 'Linked a parent account',
  parent_unlink: 'Unlinked a parent account',
  parent_active: 'Parent account',
  family_code_issue: 'Issued a new family code',
};

/** Who did it, readable: the actor kinds of the audit log. */
export const ACTOR_KIND_LABELS: Record<string, string> = {
  student: 'Student',
  admin: 'Staff',
  parent: 'Parent',
  system: 'System',
  anonymous: 'Someone not signed in',
};
