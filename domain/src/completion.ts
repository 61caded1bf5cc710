import { z } from 'zod';
import { DOCUMENT_TYPES, REGISTRATION_STEPS } from './constants.js';
import { schoolYearParam } from './school-years.js';

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

/** How many students of a group have done each thing the registration asks for. */
export const completionCountsSchema = z.object({
  students: z.number().int(),
  steps: counts(REGISTRATION_STEPS),
  documents: counts(DOCUMENT_TYPES),
  terms: z.number().int(),
});
export type CompletionCounts = z.infer<typeof completionCountsSchema>;

export const completionSchema = z.object({
  classes: z.array(completionCountsSchema.extend({ class_id: z.string(), form_level: z.number().int() })),
  school: completionCountsSchema,
});
export type Completion = z.infer<typeof completionSchema>;

/** What a form teacher chases: a step, a document or the terms. */
export const COMPLETION_ITEMS = [...REGISTRATION_STEPS, ...DOCUMENT_TYPES, 'terms'] as const;
export type CompletionItem = (typeof COMPLETION_ITEMS)[number];

export const completionItemSchema = z.enum(COMPLETION_ITEMS, { error: 'Unknown step or document.' });
/** A class as the completion filters name it; empty for the students in no class. */
export const classFilterSchema = z.string().trim().max(10, 'A class has at most 10 characters.');

export const pendingQuerySchema = z.strictObject({
  item: completionItemSchema,
  class_id: classFilterSchema.optional(),
  year: schoolYearParam.optional(),
});
/** `GET /api/completion`: the current year's figures, or a closed year's as it ended (D49). */
export const completionQuerySchema = z.strictObject({ year: schoolYearParam.optional() });
export const pendingStudentsSchema = z.array(
  z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    class_id: z.string().nullable(),
  }),
);
export type PendingStudent = z.infer<typeof pendingStudentsSchema>[number];
