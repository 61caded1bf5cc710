import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, STUDENT_ID_MAX_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';
import { messages, tooLong } from './messages.js';

export const studentIdSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(STUDENT_ID_MAX_LENGTH, tooLong(STUDENT_ID_MAX_LENGTH))
  .regex(/^[A-Za-z0-9-]+$/, 'A student ID has only letters, digits and dashes.');

const secret = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

export const studentLoginSchema = z.strictObject({ student_id: studentIdSchema, password: secret });
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
  })
  .refine((v) => v.password !== undefined || v.reset_password !== undefined, {
    message: messages.required,
    path: ['password'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const changePasswordResponseSchema = z.object({ name: z.string(), student_id: z.string() });

export const adminLoginSchema = z.strictObject({
  name: z
    .string({ error: messages.usernameEmpty })
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
});

/** `GET /api/me`: who the session belongs to; `limited` while only a password change is allowed. */
export const currentUserSchema = z.object({
  kind: z.enum(['student', 'admin']),
  student_id: z.string().nullable(),
  name: z.string(),
  full_name: z.string(),
  limited: z.boolean(),
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
  first_name: z.string().trim().min(1, messages.required).max(20, tooLong(20)),
  last_name: z.string().trim().min(1, messages.required).max(20, tooLong(20)),
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
  id_lookup_enabled: z.boolean(),
  learning_challenges_enabled: z.boolean(),
  terms_and_conditions: z.string(),
  upload_max_mb: z.number(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
