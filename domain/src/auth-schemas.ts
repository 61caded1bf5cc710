import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, STUDENT_ID_MAX_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';
import { messages, tooLong } from './messages.js';
import { STAFF_ROLES } from './enums.js';

/**
 * Control characters other than tab and line breaks: a NUL cannot be stored by PostgreSQL, and none of them
 * belongs in a name, an address or a password (D15).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const hasNoControlCharacters = (v: string): boolean => !CONTROL_CHARACTERS.test(v);
/** Half of a character pair (a lone UTF-16 surrogate) cannot be stored or kept in the audit log's JSON. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isWellFormedText = (v: string): boolean => !LONE_SURROGATE.test(v);

/** Typed text: any string without control characters (tab and new lines are kept). */
export const plainText = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine(hasNoControlCharacters, messages.controlCharacters)
    .refine(isWellFormedText, messages.brokenCharacter);

export const studentIdSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(STUDENT_ID_MAX_LENGTH, tooLong(STUDENT_ID_MAX_LENGTH))
  .regex(/^[A-Za-z0-9-]+$/, 'A student ID has only letters, digits and dashes.');

const secret = plainText(messages.required)
  .min(1, messages.required)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

/**
 * The spec's client sends `newPassword` beside the password, at sign-in (where it means nothing and is
 * ignored) and at its reset step (D1).
 */
const specNewPassword = plainText().max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH)).optional();

export const studentLoginSchema = z.strictObject({
  student_id: studentIdSchema,
  password: secret,
  newPassword: specNewPassword,
});
export type StudentLogin = z.infer<typeof studentLoginSchema>;

export const studentLoginResponseSchema = z.object({
  name: z.string(),
  student_id: z.string(),
  password_reset: z.union([z.literal(0), z.literal(1)]),
});
export type StudentLoginResponse = z.infer<typeof studentLoginResponseSchema>;

/**
 * The spec's client sends `password` (or `reset_password`) for the new password; after a normal login the
 * old password is required too (`old_password`).
 */
export const changePasswordSchema = z
  .strictObject({
    student_id: studentIdSchema,
    password: secret.optional(),
    reset_password: secret.optional(),
    old_password: secret.optional(),
    /** The spec's confirmation of the new password: when sent, it must match. */
    newPassword: specNewPassword,
  })
  .refine((v) => v.password !== undefined || v.reset_password !== undefined, {
    message: messages.required,
    path: ['password'],
  })
  .refine((v) => v.newPassword === undefined || v.newPassword === (v.password ?? v.reset_password), {
    message: messages.passwordsDoNotMatch,
    path: ['newPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const changePasswordResponseSchema = z.object({ name: z.string(), student_id: z.string() });

export const adminLoginSchema = z.strictObject({
  name: plainText(messages.usernameEmpty)
    .trim()
    .min(1, messages.usernameEmpty)
    .max(USERNAME_MAX_LENGTH, tooLong(USERNAME_MAX_LENGTH)),
  password: secret,
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

export const adminLoginResponseSchema = z.object({
  name: z.string(),
  username: z.string(),
  full_name: z.string(),
  /** 1: signed in with a one-time password; only choosing a new one is allowed (D6). */
  password_reset: z.union([z.literal(0), z.literal(1)]),
});

/** `GET /api/me`: who the session belongs to; `limited` while only a password change is allowed. */
export const currentUserSchema = z.object({
  kind: z.enum(['student', 'admin']),
  student_id: z.string().nullable(),
  name: z.string(),
  full_name: z.string(),
  limited: z.boolean(),
  /** A staff session's role (D22): the menu shows only what the role may use. */
  role: z.enum(STAFF_ROLES).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userLookupResponseSchema = z.array(
  z.object({
    student_id: z.string(),
    password_reset: z.union([z.literal(0), z.literal(1)]),
    first_name: z.string(),
    last_name: z.string(),
  }),
);

export const studentRecordLookupResponseSchema = z.array(
  z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
);

export const studentIdLookupSchema = z.strictObject({
  first_name: plainText().trim().min(1, messages.required).max(20, tooLong(20)),
  last_name: plainText().trim().min(1, messages.required).max(20, tooLong(20)),
  date_of_birth: z.iso.date(messages.dateNotReal),
});
export const studentIdLookupResponseSchema = studentRecordLookupResponseSchema;

export const adminStudentSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  class_id: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  birth_certificate_no: z.string().nullable(),
  updatedAt: z.string(),
  house_code: z.string().nullable(),
  /** Set when the student left the school (D29); listed only when asked for. */
  withdrawn_at: z.string().nullable(),
});
export type AdminStudent = z.infer<typeof adminStudentSchema>;
export const adminStudentListSchema = z.array(adminStudentSchema);

export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const appSettingsSchema = z.object({
  school_name: z.string(),
  school_motto: z.string(),
  /** The uploaded logo's versioned address, or null for the drawn crest (D19). */
  logo_url: z.string().nullable(),
  id_lookup_enabled: z.boolean(),
  learning_challenges_enabled: z.boolean(),
  terms_and_conditions: z.string(),
  upload_max_mb: z.number(),
  /** SCHOOL_TIMEZONE: the zone every school date and time is shown and typed in, on the server and the web. */
  time_zone: z.string(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
