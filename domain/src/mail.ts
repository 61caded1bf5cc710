import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { messages } from './messages.js';
import { plainText } from './plain-text.js';
import { wholeNumberParam } from './query-params.js';

/** D52: the e-mails the portal sends. The notifications can each be unsubscribed from; the others cannot. */
export const MAIL_KINDS = [
  'confirm_address',
  'password_reset_link',
  'staff_password_reset_link',
  'report_cards_posted',
  'document_rejected',
  'deadline_reminder',
  'password_reset_by_staff',
  'parent_invite',
  'parent_confirm',
  'parent_account_exists',
  'parent_password_reset_link',
  'second_factor_reset',
  'test',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const NOTIFICATION_KINDS = [
  'report_cards_posted',
  'document_rejected',
  'deadline_reminder',
  'password_reset_by_staff',
] as const satisfies readonly MailKind[];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unsent'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A single-use link expires (D52). */
export const CONFIRM_LINK_DAYS = 7;
export const RESET_LINK_MINUTES = 30;

/** The record's address fields a family can confirm. */
export const CONTACT_FIELDS = ['email', 'email_mother', 'email_father', 'email_guardian'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const contactAddressSchema = z.object({
  field: z.enum(CONTACT_FIELDS),
  /** Whose address it is, for the page: "Student", "Mother", "Father", "Guardian". */
  label: z.string(),
  address: z.string(),
  confirmed: z.boolean(),
});
export type ContactAddress = z.infer<typeof contactAddressSchema>;

/** GET /api/student/contacts */
export const contactAddressesSchema = z.object({ addresses: z.array(contactAddressSchema) });

/** POST /api/student/contacts/confirm-link: e-mail a confirmation link to one address of the record. */
export const confirmLinkRequestSchema = z.strictObject({ field: z.enum(CONTACT_FIELDS) });

const linkToken = (max: number) =>
  plainText(messages.required)
    .min(20, 'This link is not valid.')
    .max(max, 'This link is not valid.')
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.');
const tokenSchema = linkToken(100);

/** POST /api/mail/confirm: the token from a confirmation link. */
export const confirmAddressSchema = z.strictObject({ token: tokenSchema });

/** POST /api/forgot-password (students) */
export const forgotPasswordSchema = z.strictObject({ student_id: studentIdSchema });
/** POST /api/admin/forgot-password (staff) */
export const staffForgotPasswordSchema = z.strictObject({
  username: plainText(messages.required).trim().min(1, messages.required).max(50),
});

/** POST /api/password-link: a new password through an e-mailed link (students and staff: the token says whose) */
export const passwordLinkSchema = z.strictObject({
  token: tokenSchema,
  password: plainText(messages.required).min(1, messages.required).max(128),
  password_confirmation: plainText(messages.required).min(1, messages.required).max(128),
});

/** GET /api/password-link?token=: whether the link can still be used, and whose sign-in page follows. */
export const passwordLinkStateSchema = z.object({
  valid: z.boolean(),
  kind: z.enum(['student', 'staff', 'parent']).nullable(),
});

/**
 * GET and POST /api/mail/unsubscribe?token=: the token carries the address and the kind (an address may be
 * 254 characters long), signed by the server.
 */
export const unsubscribeSchema = z.strictObject({ token: linkToken(400) });
/** GET /api/mail/unsubscribe?token=: what the link would stop. */
export const unsubscribeStateSchema = z.object({ address: z.string(), kind: z.enum(NOTIFICATION_KINDS) });
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

export const outboxRowSchema = z.object({
  id: z.number(),
  kind: z.enum(MAIL_KINDS),
  to_address: z.string(),
  student_id: z.string().nullable(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

/** The Outbox panel's page: the newest first, this many at a time. */
export const OUTBOX_PAGE_SIZE = 50;

/** GET /api/admin/outbox?status=&page= (pages count from 1; no status: every message) */
export const outboxQuerySchema = z.strictObject({
  status: z.enum(OUTBOX_STATUSES).optional(),
  page: wholeNumberParam('Use a page number from 1 to 10000.', 1, 10_000).default(1),
});

/** GET /api/admin/outbox?status=&page= */
export const outboxPageSchema = z.object({
  rows: z.array(outboxRowSchema),
  total: z.number(),
  counts: z.record(z.enum(OUTBOX_STATUSES), z.number()),
  /** False when SMTP_URL is not set: messages stay unsent. */
  configured: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** POST /api/admin/settings/test-email */
export const testEmailSchema = z.strictObject({
  to: plainText(messages.required).trim().max(254).pipe(z.email(messages.invalidEmail)),
});

/** GET /api/admin/outbox/:id: a row with what was (or will be) sent, for the preview. */
export const outboxMessageSchema = outboxRowSchema.extend({
  text: z.string(),
  html: z.string(),
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: z.record(z.string(), z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/admin/account: the signed-in staff member's own account. */
export const staffAccountSchema = z.object({
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  email_confirmed: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** PUT /api/admin/account/email: saves the address and e-mails it a confirmation link. */
export const staffEmailSchema = z.strictObject({ email: testEmailSchema.shape.to });

/** POST /api/mail/confirm: the address now confirmed, and whose (a parent's page offers the parent sign-in). */
export const confirmedAddressSchema = z.object({
  address: z.string(),
  kind: z.enum(['student', 'staff', 'parent']),
});

/**
 * POST /api/forgot-password and /api/admin/forgot-password: the one answer, whether or not the account exists
 * or has a confirmed address, and never how many links were sent (D52).
 */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export const forgotPasswordMessage = (whose: 'student' | 'account'): string =>
  `If this ${whose} has a confirmed e-mail address, we have sent a link to it. It works for ${RESET_LINK_MINUTES} minutes.`;

/** POST /api/password-link: whose password was set, so the page links to the right sign-in. */
export const passwordLinkResponseSchema = z.object({ kind: z.enum(['student', 'staff', 'parent']) });
