import { z } from 'zod';
import {
  EARLIEST_ADMIN_BIRTH_DATE,
  PHONE_DIGITS,
  REGISTRATION_STEPS,
  type RegistrationStep,
} from './constants.js';
import { messages, tooLong } from './messages.js';
import { STUDENT_FIELDS, type FieldDefinition } from './student-fields.js';
import { studentIdSchema } from './auth-schemas.js';
import { plainText } from './plain-text.js';
import { isRealDate } from './rules.js';

/** Fields that may not be cleared (spec section 5: names and date of birth are required). */
export const REQUIRED_FIELDS = new Set(['first_name', 'last_name', 'date_of_birth']);

export const futureDateMessage = 'The date cannot be in the future.';
export const earliestBirthDateMessage = 'The date of birth cannot be before 1950-01-01.';
export const chooseFromListMessage = 'Choose a value from the list.';
export const flagMessage = 'Use 1 or 0.';

/** Empty text means "no value": stored as null. */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** The validator of one field (D15: the same on the form and on the server). `today` is yyyy-MM-dd. */
export function fieldSchema(field: FieldDefinition, today: string): z.ZodType {
  const required = REQUIRED_FIELDS.has(field.name);
  const optional = (schema: z.ZodType<unknown, string>) =>
    required
      ? z.preprocess(trimmed, z.string({ error: messages.required }).min(1, messages.required).pipe(schema))
      : z.preprocess((v) => emptyToNull(trimmed(v)), schema.nullable());
  const max = field.maxLength ?? 255;

  switch (field.control) {
    case 'flag':
      return z.union([z.literal(0), z.literal(1)], { error: flagMessage });
    case 'number':
      return z.preprocess(
        (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : emptyToNull(v)),
        z
          .number({ error: messages.onlyNumbers })
          .int(messages.onlyNumbers)
          .min(0, messages.onlyNumbers)
          .max(99, messages.onlyNumbers)
          .nullable(),
      );
    case 'phone': {
      const digits = z
        .string({ error: messages.phoneDigits })
        .regex(/^\d*$/, field.numbersMessage ? messages.onlyNumbers : messages.phoneDigits)
        .length(PHONE_DIGITS, messages.phoneDigits);
      return optional(digits);
    }
    case 'email': {
      const message = field.name === 'email' ? messages.invalidStudentEmail : messages.invalidEmail;
      return optional(z.string().max(max, tooLong(max)).pipe(z.email(message)));
    }
    case 'date': {
      let date = z.string({ error: messages.dateNotReal }).refine(isRealDate, messages.dateNotReal);
      if (!field.allowFuture) date = date.refine((v) => v <= today, futureDateMessage);
      if (field.name === 'date_of_birth')
        date = date.refine((v) => v >= EARLIEST_ADMIN_BIRTH_DATE, earliestBirthDateMessage);
      return optional(date);
    }
    case 'select':
      return optional(z.enum(field.options as [string, ...string[]], { error: chooseFromListMessage }));
    default:
      return optional(plainText('Enter text.').max(max, tooLong(max)));
  }
}

export type StudentFieldValue = string | number | null;
export type StudentFields = Record<string, StudentFieldValue>;

/**
 * Keys of `GET /api/student/{id}` that are not fields. A client that posts the record back whole (the spec's
 * does, on every change) sends them too; they are dropped, while other unknown keys are still refused.
 */
export const RECORD_READ_ONLY_KEYS: readonly string[] = [
  'student_id',
  'form_level',
  'updated_at',
  'terms_agreed_at',
  'terms_version',
  'progress',
];
const withoutReadOnlyKeys = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([k]) => !RECORD_READ_ONLY_KEYS.includes(k)))
    : v;

/**
 * `POST /api/student`: the student's `id` and any fields to change (D14: only the changed ones are sent,
 * so two editors of different fields never overwrite each other). Unknown fields are refused.
 */
export function studentUpdateSchema(today: string) {
  const shape = Object.fromEntries(STUDENT_FIELDS.map((f) => [f.name, fieldSchema(f, today).optional()]));
  return z.preprocess(
    withoutReadOnlyKeys,
    z
      .strictObject({ id: studentIdSchema, ...shape })
      .refine((v) => Object.keys(v).length > 1, { message: 'Send at least one field to save.' }),
  );
}
export type StudentUpdate = { id: string } & Partial<StudentFields>;

export const stepProgressSchema = z.object(
  Object.fromEntries(REGISTRATION_STEPS.map((s) => [s, z.boolean()])) as Record<
    RegistrationStep,
    z.ZodBoolean
  >,
);
export type StepProgress = z.infer<typeof stepProgressSchema>;

/** `GET /api/student/{id}`: every field, plus what the form needs to know about the student. */
export const studentRecordSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  ...Object.fromEntries(STUDENT_FIELDS.map((f) => [f.name, z.union([z.string(), z.number(), z.null()])])),
  form_level: z.number().nullable(),
  updated_at: z.string(),
  terms_agreed_at: z.string().nullable(),
  /** D25: the version of the terms agreed to (null: not agreed, or agreed before versions were kept). */
  terms_version: z.number().nullable(),
  progress: stepProgressSchema,
});
export interface StudentRecordMeta {
  id: string;
  student_id: string;
  form_level: number | null;
  updated_at: string;
  terms_agreed_at: string | null;
  terms_version: number | null;
  progress: StepProgress;
}
/** On the wire the fields sit beside the meta keys, as the spec's client expects; read them with fieldValue. */
export type StudentRecord = StudentRecordMeta & Record<string, unknown>;

export const fieldValue = (record: StudentRecord, name: string): StudentFieldValue => {
  const v = record[name];
  return typeof v === 'string' || typeof v === 'number' ? v : null;
};

export const registrationStatusSchema = z.object({
  open: z.union([z.literal(0), z.literal(1)]),
  deadline: z.string().nullable(),
  /** The school's note to the students of this form (D19), shown above the registration. */
  note: z.string().nullable().optional(),
});
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

export const saveResultSchema = z.object({
  message: z.string(),
  updated: z.array(z.string()),
  progress: stepProgressSchema,
  /** Present when the save changed the terms agreement (D20): when it was recorded, or null. */
  terms_agreed_at: z.string().nullable().optional(),
});
export type SaveResult = z.infer<typeof saveResultSchema>;

export const lookupSchemas = {
  towns: z.array(z.object({ town_name: z.string() })),
  /** name_es: the Spanish name, null where the school has none (the English then). */
  religions: z.array(z.object({ code: z.string(), religion: z.string(), name_es: z.string().nullable() })),
  ethnicGroups: z.array(z.object({ id: z.number(), group_type: z.string(), name_es: z.string().nullable() })),
  houses: z.array(z.object({ id: z.string(), name: z.string() })),
  regionalCorporations: z.array(z.object({ id: z.number(), title: z.string() })),
  formClasses: z.array(z.object({ class_id: z.string(), form_level: z.number() })),
};

/** The fields each step needs before it counts as complete. */
export const STEP_REQUIRED_FIELDS = {
  studentData: [
    'first_name',
    'last_name',
    'sex',
    'date_of_birth',
    'home_address',
    'address_line_2',
    'phone_home',
  ],
  familyData: ['living_status', 'emergency_contact', 'home_phone_emergency'],
  otherData: ['device_type'],
  submit: ['agree_terms_conditions'],
} as const;
export const STEP_COMPLETION_FIELDS: readonly string[] = Object.values(STEP_REQUIRED_FIELDS).flat();

/**
 * Which steps are complete, derived from the record. Health has no required field (every box may rightly be
 * unticked), so it completes on its first save; documents when all four are on record.
 */
export function stepCompletion(
  record: StudentFields,
  extra: { healthSaved: boolean; documentsComplete: boolean },
): StepProgress {
  const filled = (names: readonly string[]) =>
    names.every((n) => record[n] !== null && record[n] !== undefined && record[n] !== '');
  return {
    studentData: filled(STEP_REQUIRED_FIELDS.studentData),
    familyData: filled(STEP_REQUIRED_FIELDS.familyData),
    healthData: extra.healthSaved,
    otherData: filled(STEP_REQUIRED_FIELDS.otherData),
    documents: extra.documentsComplete,
    submit: record.agree_terms_conditions === 1,
  };
}
