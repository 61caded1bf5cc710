import { z } from 'zod';
import { plainText } from './plain-text.js';
import { tooLong } from './messages.js';
import { SECOND_FACTOR_POLICIES } from './second-factor.js';

/** D19: what an administrator sets in the Settings panel, with its limits and messages. */
export const SETTINGS_FORM_LEVELS = [1, 2, 3, 4, 5] as const;
export const SCHOOL_NAME_MAX_LENGTH = 100;
export const SCHOOL_ADDRESS_MAX_LENGTH = 200;
export const SCHOOL_MOTTO_MAX_LENGTH = 120;
export const WINDOW_NOTE_MAX_LENGTH = 200;
export const TERMS_MAX_LENGTH = 10_000;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_INPUT_ACCEPT = LOGO_MIME_TYPES.join(',');

export const settingsMessages = {
  nameRequired: 'Enter the school name.',
  oneLine: 'Use one line, without line breaks.',
  termsRequired: 'Enter the terms and conditions.',
  nothingToChange: 'Send at least one setting to change.',
  formLevel: 'Choose a form level from 1 to 5.',
  deadline: 'Enter the deadline as a real date (yyyy-MM-dd).',
  logoType: 'The logo must be a PNG or JPEG picture.',
  logoTooLarge: `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB. Choose a smaller picture.`,
  logoMissing: 'Choose a picture for the logo.',
  noLogo: 'No logo has been uploaded: the portal shows the drawn crest.',
} as const;

const oneLine = (max: number) =>
  plainText()
    .trim()
    .max(max, tooLong(max))
    .refine((v) => !/[\r\n]/.test(v), settingsMessages.oneLine);

/** Paragraphs separated by a blank line; each paragraph's own line breaks are kept as typed. */
const termsText = plainText()
  .max(TERMS_MAX_LENGTH, tooLong(TERMS_MAX_LENGTH))
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .refine((v) => v.length > 0, settingsMessages.termsRequired);

const termsTextEs = plainText()
  .max(TERMS_MAX_LENGTH, tooLong(TERMS_MAX_LENGTH))
  .transform((v) => v.replace(/\r\n?/g, '\n').trim() || null);

/** `POST /api/settings`: the settings sent change, the others stay. */
export const schoolSettingsUpdateSchema = z
  .strictObject({
    school_name: oneLine(SCHOOL_NAME_MAX_LENGTH)
      .refine((v) => v.length > 0, settingsMessages.nameRequired)
      .optional(),
    school_address: oneLine(SCHOOL_ADDRESS_MAX_LENGTH).optional(),
    school_motto: oneLine(SCHOOL_MOTTO_MAX_LENGTH).optional(),
    id_lookup_enabled: z.boolean({ error: 'Use true or false.' }).optional(),
    learning_challenges_enabled: z.boolean({ error: 'Use true or false.' }).optional(),
    missed_exam_counts_as_zero: z.boolean({ error: 'Use true or false.' }).optional(),
    sixth_form: z.boolean({ error: 'Use true or false.' }).optional(),
    /** D51: who must sign in with a second factor. */
    second_factor_policy: z
      .enum(SECOND_FACTOR_POLICIES, { error: 'Choose who must use a second factor.' })
      .optional(),
    terms_and_conditions: termsText.optional(),
    /** The terms in Spanish; empty or null: none (Spanish readers see the English with a note). */
    terms_and_conditions_es: termsTextEs.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: settingsMessages.nothingToChange });
export type SchoolSettingsUpdate = z.input<typeof schoolSettingsUpdateSchema>;

/** `POST /api/settings/registration-windows`: one form level's window (D13: the deadline day is open). */
export const registrationWindowUpdateSchema = z.strictObject({
  form_level: z
    .number({ error: settingsMessages.formLevel })
    .int(settingsMessages.formLevel)
    .min(1, settingsMessages.formLevel)
    .max(SETTINGS_FORM_LEVELS.length, settingsMessages.formLevel),
  open: z.boolean({ error: 'Use true or false.' }),
  deadline: z.iso.date(settingsMessages.deadline).nullable(),
  note: oneLine(WINDOW_NOTE_MAX_LENGTH).transform((v) => v || null),
});
export type RegistrationWindowUpdate = z.input<typeof registrationWindowUpdateSchema>;

export const registrationWindowSchema = z.object({
  form_level: z.number(),
  open: z.boolean(),
  deadline: z.string().nullable(),
  note: z.string().nullable(),
});
export type RegistrationWindowSetting = z.infer<typeof registrationWindowSchema>;

/** `GET /api/settings`: everything the Settings panel shows (admin role). */
export const schoolSettingsSchema = z.object({
  school_name: z.string(),
  school_address: z.string(),
  school_motto: z.string(),
  id_lookup_enabled: z.boolean(),
  learning_challenges_enabled: z.boolean(),
  /** D41: a missed (ABS) mark counts as 0 in the average, instead of leaving the subject out. */
  missed_exam_counts_as_zero: z.boolean(),
  /** D49: the school has a Lower and Upper Sixth (Forms 6 and 7); the rollover moves marked Form 5 students on. */
  sixth_form: z.boolean(),
  /** D51: who must sign in with a second factor. */
  second_factor_policy: z.enum(SECOND_FACTOR_POLICIES),
  terms_and_conditions: z.string(),
  /** The same version in Spanish, or null (always sent). */
  terms_and_conditions_es: z.string().nullable().optional(),
  /** D25: the version students agree to now; each agreement keeps the version it was given to. */
  terms_version: z.number(),
  /** The uploaded logo's address (versioned), or null while the drawn crest is used. */
  logo_url: z.string().nullable(),
  registration_windows: z.array(registrationWindowSchema),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;

/**
 * What the settings table may hold under each key, checked on every write and every read. A text setting is
 * stored as JSON text, so `12345` or `"2026"` typed as a motto stays that text. A number or true/false found
 * under a text key is what an older release made of text typed like that, and reads back as that text.
 */
const storedText = z.preprocess(
  (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  z.string(),
);
export const storedLogoSchema = z.object({
  content_type: z.enum(LOGO_MIME_TYPES),
  /** The first 16 hex digits of the bytes' SHA-256: a new picture gets a new address. */
  version: z.string().regex(/^[0-9a-f]{16}$/),
  /** The bytes, base64. */
  data: z.string().min(1),
});
export type StoredLogo = z.infer<typeof storedLogoSchema>;
export const storedSettingSchemas = {
  /** null: use SCHOOL_NAME from the environment. */
  school_name: storedText.nullable(),
  school_address: storedText,
  school_motto: storedText,
  /** The uploaded logo (D19), or null for the drawn crest. */
  school_logo: storedLogoSchema.nullable(),
  id_lookup_enabled: z.boolean(),
  learning_challenges_enabled: z.boolean(),
  missed_exam_counts_as_zero: z.boolean(),
  sixth_form: z.boolean(),
  second_factor_policy: z.enum(SECOND_FACTOR_POLICIES),
  terms_and_conditions: storedText,
};
export type StoredSettingKey = keyof typeof storedSettingSchemas;
export type StoredSettings = { [K in StoredSettingKey]: z.output<(typeof storedSettingSchemas)[K]> };
