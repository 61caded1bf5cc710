import { z } from 'zod';
import { plainText } from './plain-text.js';
import { tooLong } from './messages.js';

/**
 * D51: a staff account's second factor: an authenticator app (TOTP), passkeys (WebAuthn) and single-use recovery
 * codes, the school's rule for who must have one, and what a second factor changes in the sign-in limits.
 */

/** Who must have a second factor: administrators (a new install's rule), every staff account, or nobody. */
export const SECOND_FACTOR_POLICIES = ['admins', 'all', 'optional'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];
export const SECOND_FACTOR_POLICY_LABELS: Record<SecondFactorPolicy, string> = {
  admins: 'Required for administrators',
  all: 'Required for all staff',
  optional: 'Optional for everyone',
};

export const TOTP_DIGITS = 6;
/** The authenticator app's period, and how many periods before and after now a code is still accepted. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_TOLERANCE_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes (authenticator, recovery or passkey) an account may give per window before it waits. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;
/** After this, staff accounts, settings, exports, backups and second-factor changes ask for it again. */
export const SECOND_FACTOR_FRESH_MS = 12 * 60 * 60_000;
/** How long a right password waits for its second factor before the sign-in starts over. */
export const SECOND_FACTOR_PENDING_MS = 5 * 60_000;
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const PASSKEYS_MAX = 10;
/** How long a WebAuthn challenge (a ticket) may be answered. */
export const WEBAUTHN_TICKET_MS = 5 * 60_000;

/** The error `field` of a 403 that asks for the second factor again: the web app opens its dialog on it. */
export const FRESH_FACTOR_FIELD = 'second_factor';

export const secondFactorMessages = {
  codeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  codeWrong: 'That code is not right. Enter the code your authenticator app shows now.',
  codeUsed: 'That code has just been used. Wait for the next one in your authenticator app.',
  recoveryFormat: 'Enter a recovery code as it was printed, for example k7dq-3mxa-9vtp.',
  recoveryWrong: 'That recovery code is not right, or it has been used.',
  oneOf: 'Enter either a code from your authenticator app or a recovery code.',
  tooMany: (minutes: number) =>
    `Too many wrong codes for this account. Wait ${minutes} minute${minutes === 1 ? '' : 's'}, then try again.`,
  noPendingSignIn: 'Your sign-in has timed out. Enter your username and password again.',
  enrolRequired:
    'The school requires a second factor for your account. Set up an authenticator app or a passkey to continue.',
  freshRequired: 'Confirm it’s you: enter a code from your authenticator app, or use your passkey.',
  totpNotStarted: 'Start setting up the authenticator app first.',
  totpAlready: 'An authenticator app is already set up. Remove it before setting up another.',
  totpNone: 'No authenticator app is set up.',
  recoveryNeedsFactor: 'Set up an authenticator app or a passkey first: recovery codes stand in for them.',
  lastAdminNeedsRecovery:
    'You are the only administrator: enter one of your recovery codes to remove your last second factor.',
  passkeyNameRequired: 'Give the passkey a name, for example “Office laptop”.',
  passkeyTooMany: `An account may have at most ${PASSKEYS_MAX} passkeys. Remove one first.`,
  passkeyFailed: 'The passkey could not be checked. Try again, or use your password.',
  passkeyUnknown: 'This passkey is not registered to any active staff account.',
  passkeyNotFound: 'That passkey was not found.',
  ticketExpired: 'The passkey request has timed out. Try again.',
  noFactorToReset: 'This account has no second factor to reset.',
  notOwnReset: 'Remove your own second factor from your Sign-in security page.',
} as const;

const digits = z
  .string({ error: secondFactorMessages.codeFormat })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), secondFactorMessages.codeFormat));

/** A recovery code as typed: any case, spaces and dashes ignored; 12 letters and digits. */
export const recoveryCodeInput = z
  .string({ error: secondFactorMessages.recoveryFormat })
  .max(40, secondFactorMessages.recoveryFormat)
  .transform((v) => v.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{12}$/, secondFactorMessages.recoveryFormat));

/** The alphabet of recovery codes: no 0/o, 1/l/i, so a printed code reads back without doubt. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** How a recovery code is shown: three groups of four. */
export const formatRecoveryCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The second step of a sign-in, or asking again: a code from the app, or a recovery code. */
export const secondFactorCodeSchema = z
  .strictObject({ code: digits.optional(), recovery_code: recoveryCodeInput.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: secondFactorMessages.oneOf,
  });
export type SecondFactorCode = z.input<typeof secondFactorCodeSchema>;

export const totpConfirmSchema = z.strictObject({ code: digits });

/** Removing one's own last factor may need a recovery code (the only administrator). */
export const removeFactorSchema = z.strictObject({ recovery_code: recoveryCodeInput.optional() });

/** `POST /api/second-factor/totp/start`: the new secret, as a QR code and as text to type. */
export const totpStartResponseSchema = z.object({
  secret: z.string(),
  /** otpauth:// address, the QR code's contents. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type TotpStart = z.infer<typeof totpStartResponseSchema>;

/** New recovery codes, shown once (formatted `xxxx-xxxx-xxxx`); empty when none were made. */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponseSchema>;

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `GET /api/second-factor`: the signed-in staff member's own second factor. */
export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recovery_codes_left: z.number(),
  /** The school's rule applies to this account (it cannot end up with none at its next sign-in). */
  required: z.boolean(),
  /** The session gave its second factor within SECOND_FACTOR_FRESH_MS (sensitive actions need no asking). */
  fresh: z.boolean(),
  /** The only active administrator (removing the last factor needs a recovery code). */
  only_admin: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const passkeyNameSchema = plainText()
  .trim()
  .min(1, secondFactorMessages.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, tooLong(PASSKEY_NAME_MAX_LENGTH));

export const passkeyRenameSchema = z.strictObject({ name: passkeyNameSchema });

/**
 * A browser's WebAuthn answer (RegistrationResponseJSON / AuthenticationResponseJSON), bounded here and checked
 * in full by the WebAuthn library.
 */
const b64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url.');
export const webauthnResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.record(z.string().max(40), z.union([b64url, z.array(z.string().max(20)).max(10), z.number()])),
  clientExtensionResults: z.record(z.string().max(40), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(30).optional(),
});

/** Options for the browser's WebAuthn call, with the ticket that names its challenge. */
export const webauthnOptionsResponseSchema = z.object({
  ticket: z.string(),
  options: z.record(z.string(), z.unknown()),
});

const ticket = z.string().min(1).max(64);
export const passkeyRegisterSchema = z.strictObject({
  ticket,
  name: passkeyNameSchema,
  response: webauthnResponseSchema,
});
export const passkeyAnswerSchema = z.strictObject({ ticket, response: webauthnResponseSchema });

export const passkeyRegisterResponseSchema = z.object({
  passkey: passkeySchema,
  /** Made when this is the account's first second factor; shown once. */
  recovery_codes: z.array(z.string()),
});
