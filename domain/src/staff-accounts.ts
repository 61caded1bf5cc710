import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';
import { plainText } from './plain-text.js';
import { STAFF_ROLES } from './enums.js';
import { messages, tooLong } from './messages.js';
import { idParamsSchema } from './query-params.js';

/** D22: what each role may use, as the staff panel explains it. */
export const STAFF_ROLE_LABELS: Record<(typeof STAFF_ROLES)[number], string> = {
  admin: 'Administrator',
  staff: 'Staff',
};

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose Administrator or Staff.' });

/** A new username: 3 to 50 letters, digits, dots, dashes or underscores (it is typed at every sign-in). */
export const staffUsernameSchema = z
  .string({ error: messages.required })
  .trim()
  .min(3, 'Use at least 3 characters.')
  .max(USERNAME_MAX_LENGTH, tooLong(USERNAME_MAX_LENGTH))
  .regex(/^[A-Za-z0-9._-]+$/, 'A username has only letters, digits, dots, dashes and underscores.');

const fullNameSchema = plainText(messages.required).trim().min(1, messages.required).max(100, tooLong(100));

/** The most classes one account may be given (a form teacher has one, a subject teacher a few). */
export const STAFF_CLASSES_MAX = 50;
/**
 * D44: the classes a staff account enters marks for; none keeps the whole school. Class ids as the
 * school's classes list has them.
 */
export const staffClassesSchema = z
  .array(z.string().trim().min(1, 'Choose a class.').max(10, 'At most 10 characters.'), {
    error: 'Give the classes as a list.',
  })
  .max(STAFF_CLASSES_MAX, `At most ${STAFF_CLASSES_MAX} classes.`)
  .transform((list) => [...new Set(list)].sort());

export const createStaffUserSchema = z.strictObject({
  username: staffUsernameSchema,
  full_name: fullNameSchema,
  role: staffRoleSchema,
  classes: staffClassesSchema.optional(),
});
export type CreateStaffUser = z.infer<typeof createStaffUserSchema>;

/** A change to an account: any of its name, role and whether it may sign in. */
export const updateStaffUserSchema = z
  .strictObject({
    full_name: fullNameSchema.optional(),
    role: staffRoleSchema.optional(),
    active: z.boolean({ error: 'Use true or false.' }).optional(),
    classes: staffClassesSchema.optional(),
  })
  .refine(
    (v) =>
      v.full_name !== undefined || v.role !== undefined || v.active !== undefined || v.classes !== undefined,
    { message: 'Say what to change: full_name, role, active or classes.' },
  );
export type UpdateStaffUser = z.infer<typeof updateStaffUserSchema>;

export const staffUserIdParamsSchema = idParamsSchema('Use the number of a staff account.');

export const staffUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  full_name: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  /** The one-time password has not been replaced yet. */
  password_reset: z.boolean(),
  /** D44: the classes a staff member enters marks for; empty = the whole school. */
  classes: z.array(z.string()),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** D51: a confirmed authenticator app, and how many passkeys. */
  second_factor: z.object({ totp: z.boolean(), passkeys: z.number() }),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserListSchema = z.array(staffUserSchema);

/** A new account or a reset: the password is shown once and never stored readable. */
export const oneTimePasswordSchema = z.object({
  user: staffUserSchema,
  password: z.string(),
});
export type OneTimePassword = z.infer<typeof oneTimePasswordSchema>;

/**
 * The history rows that change or spend an account's second factor. Only the signed-in account, an
 * administrator or a valid recovery code makes them, so they are kept apart from the trimmed attempts: a flood
 * of wrong passwords from many addresses cannot push them out of the history (D51).
 */
export const STAFF_SECURITY_CHANGES = [
  'recovery_code_used',
  'totp_added',
  'totp_removed',
  'passkey_added',
  'passkey_removed',
  'recovery_codes_renewed',
  'second_factor_reset',
] as const;
export const STAFF_SIGN_IN_OUTCOMES = [
  'signed_in',
  'wrong_password',
  'account_inactive',
  'locked_out',
  'wrong_current_password',
  'wrong_code',
  'second_factor_locked',
  'signed_in_passkey',
  'passkey_failed',
  ...STAFF_SECURITY_CHANGES,
] as const;
export type StaffSignInOutcome = (typeof STAFF_SIGN_IN_OUTCOMES)[number];
export const STAFF_SIGN_IN_OUTCOME_LABELS: Record<StaffSignInOutcome, string> = {
  signed_in: 'Signed in',
  wrong_password: 'Wrong password',
  account_inactive: 'Refused: account deactivated',
  locked_out: 'Refused: too many attempts',
  wrong_current_password: 'Wrong current password (password change)',
  wrong_code: 'Wrong second-factor code',
  second_factor_locked: 'Refused: too many wrong codes',
  recovery_code_used: 'Recovery code used',
  signed_in_passkey: 'Signed in with a passkey',
  passkey_failed: 'Passkey refused',
  totp_added: 'Authenticator app set up',
  totp_removed: 'Authenticator app removed',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  recovery_codes_renewed: 'New recovery codes made',
  second_factor_reset: 'Second factor reset by an administrator',
};
/** How many sign-ins and failed attempts are kept per staff account. */
export const STAFF_SIGN_INS_KEPT = 50;

export const staffSignInSchema = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  outcome: z.enum(STAFF_SIGN_IN_OUTCOMES),
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;
export const staffSignInListSchema = z.array(staffSignInSchema);

const secret = plainText(messages.required)
  .min(1, messages.required)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

/** A staff member sets their own password: the current one is asked unless a one-time password is due. */
export const changeStaffPasswordSchema = z.strictObject({
  old_password: secret.optional(),
  password: secret,
});
export type ChangeStaffPassword = z.infer<typeof changeStaffPasswordSchema>;
export const changeStaffPasswordResponseSchema = z.object({ username: z.string(), full_name: z.string() });

export const staffMessages = {
  lastAdmin: 'This is the last active administrator: make another account an administrator first.',
  usernameTaken: 'A staff account with this username exists already.',
  accountInactive: 'This staff account is deactivated. Please ask an administrator.',
  samePassword: 'Choose a password different from the current one.',
  unknownClasses: (ids: readonly string[]) =>
    `No class ${ids.join(', ')}: choose classes from the school's list.`,
  classesHint:
    'Optional. A staff member with classes imports and corrects marks for those classes only; with none, for the whole school.',
} as const;
