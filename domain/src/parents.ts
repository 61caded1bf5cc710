import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { messages, tooLong } from './messages.js';
import { plainText } from './plain-text.js';
import { languageSchema } from './language.js';
import { parentChildSchema } from './parent-child.js';

export { parentChildSchema, type ParentChild } from './parent-child.js';

export * from './parent-words.js';
import { normaliseFamilyCode, parentMessages } from './parent-words.js';

const email = plainText(messages.required)
  .trim()
  .toLowerCase()
  .min(1, messages.required)
  .max(254, tooLong(254))
  .pipe(z.email(messages.invalidEmail));

const password = plainText(messages.required)
  .min(1, messages.required)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

export const parentNameSchema = plainText(messages.required)
  .trim()
  .min(2, messages.required)
  .max(60, tooLong(60));

/** POST /api/parent/sign-up: always answered alike (202 { message }), whether or not the address has an account. */
export const parentSignUpSchema = z
  .strictObject({
    name: parentNameSchema,
    email,
    password,
    password_confirmation: password,
    /** The page's language when they signed up (D53): the account keeps it and is e-mailed in it. */
    language: languageSchema.optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: messages.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
export type ParentSignUp = z.infer<typeof parentSignUpSchema>;

/** POST /api/parent/login */
export const parentLoginSchema = z.strictObject({ email, password });
export type ParentLogin = z.infer<typeof parentLoginSchema>;
/** The answer of a parent's sign-in and own password change. */
export const parentAccountSchema = z.object({ name: z.string(), email: z.string() });

/** POST /api/parent/forgot-password and /api/parent/resend-confirmation: answered alike (202) for any address. */
export const parentEmailSchema = z.strictObject({ email });

/** POST /api/parent/change-password: the parent's own password (never the child's). */
export const parentChangePasswordSchema = z
  .strictObject({ old_password: password, password, password_confirmation: password })
  .refine((v) => v.password === v.password_confirmation, {
    message: messages.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
export type ParentChangePassword = z.infer<typeof parentChangePasswordSchema>;

/** GET /api/parent/children; POST answers with the child just linked. */
export const parentChildrenSchema = z.object({ children: z.array(parentChildSchema) });

/** POST /api/parent/children: link a child with the student ID and the family code. */
export const linkChildSchema = z.strictObject({
  student_id: studentIdSchema,
  family_code: plainText(messages.required)
    .trim()
    .min(1, messages.required)
    .max(12, parentMessages.codeNotValid)
    .transform(normaliseFamilyCode),
});

/** The parent addresses of the record an invitation may go to (confirmed ones only). */
export const INVITE_FIELDS = ['email_mother', 'email_father', 'email_guardian'] as const;
/** POST /api/student/parents/invite */
export const inviteParentSchema = z.strictObject({ field: z.enum(INVITE_FIELDS) });

/** POST /api/parent/invite/accept; GET /api/parent/invite?token= peeks. */
export const inviteTokenSchema = z.strictObject({
  token: plainText(messages.required)
    .min(20, 'This link is not valid.')
    .max(100, 'This link is not valid.')
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.'),
});
/** What an invitation link would link, before it is used: the child's first name only. */
export const inviteStateSchema = z.object({ valid: z.boolean(), first_name: z.string().nullable() });

/** A linked parent as staff see it on the student's record (and the student, without e-mail and sign-in). */
export const linkedParentSchema = z.object({
  parent_id: z.number(),
  name: z.string(),
  email: z.string(),
  linked_at: z.string(),
  how: z.enum(['code', 'invite', 'demo']),
  last_login_at: z.string().nullable(),
  active: z.boolean(),
});
export type LinkedParent = z.infer<typeof linkedParentSchema>;

/** GET /api/students/:id/parents (staff): linked parents and the live family code. */
export const studentParentsSchema = z.object({
  parents: z.array(linkedParentSchema),
  /** Null once four parents are linked (no code is needed then). */
  family_code: z.object({ code: z.string(), issued_at: z.string() }).nullable(),
  max_parents: z.number(),
});
export type StudentParents = z.infer<typeof studentParentsSchema>;

/** GET /api/student/parents: the linked parents' names, for the family's own page. */
export const ownParentsSchema = z.object({
  parents: z.array(z.object({ name: z.string(), linked_at: z.string() })),
  max_parents: z.number(),
});

/** POST /api/parents/:parent_id/active (staff): turn a parent account off or on again. */
export const parentActiveSchema = z.strictObject({ active: z.boolean() });
