import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, STUDENT_ID_MAX_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';
import { messages, tooLong } from './messages.js';
import { STAFF_ROLES } from './enums.js';
import { plainText } from './plain-text.js';
import { studentYearSchema } from './re-registration.js';
import { parentChildSchema } from './parent-child.js';
import { languageSchema } from './language.js';

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
  /**
   * D51: 'code': nobody is signed in yet; the second factor comes next (`POST /api/admin-login/second-factor`,
   * or a passkey). 'enrol': signed in to set one up only, as the school requires. null: signed in.
   */
  second_factor: z.enum(['code', 'enrol']).nullable(),
});

/** `GET /api/me`: who the session belongs to; `limited` while only a password change is allowed. */
export const currentUserSchema = z.object({
  kind: z.enum(['student', 'staff', 'parent']),
  student_id: z.string().nullable(),
  name: z.string(),
  full_name: z.string(),
  limited: z.boolean(),
  /** A staff session's role (D22): the menu shows only what the role may use. */
  role: z.enum(STAFF_ROLES).optional(),
  /** D51: a staff session that may only set up a second factor, as the school requires. */
  must_enrol: z.boolean().optional(),
  /** A staff session's own account: the staff list offers no reset of one's own second factor. */
  staff_user_id: z.number().optional(),
  /** A student's place in the current school year (D49): returning, a leaver, steps confirmed unchanged. */
  year: studentYearSchema.nullable().optional(),
  /**
   * A parent session (D50): `student_id`, `name` and `year` are the child the request named (X-Student-Id)
   * or else the first linked child, null with none; `full_name` is the parent's own name.
   */
  parent: z.object({ email: z.string(), children: z.array(parentChildSchema) }).optional(),
  /** A student's or parent's chosen language, null until chosen (the browser's then); absent for staff. */
  language: languageSchema.nullable().optional(),
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
