import { z } from 'zod';

/** Forms 1–5, then Lower (6) and Upper Sixth (7). */
export const CLASS_FORM_LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;

export const CLASS_ID_MAX_LENGTH = 10;

/** How a form level is named on screen. */
export const formLevelName = (level: number): string =>
  level === 6 ? 'Lower Sixth' : level === 7 ? 'Upper Sixth' : `Form ${level}`;

export const classMessages = {
  classId: `A class is 1 to ${CLASS_ID_MAX_LENGTH} letters or digits, such as 1A or L6S.`,
  formLevel: 'Choose a form from Form 1 to Upper Sixth.',
  exists: (classId: string) => `Class ${classId} already exists.`,
  notFound: (classId: string) => `There is no class ${classId}.`,
  inUse: (classId: string, uses: readonly string[]) =>
    `Class ${classId} cannot be removed while ${uses.join(', ')} use it.`,
};

/** A class id as stored: upper-cased, so 1a and 1A are one class. */
export const classIdSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${CLASS_ID_MAX_LENGTH}}$`), classMessages.classId)
  .transform((v) => v.toUpperCase());

/** POST /api/admin/classes: a new class of the school's class list. */
export const classCreateSchema = z.object({
  class_id: classIdSchema,
  form_level: z
    .number({ error: classMessages.formLevel })
    .int(classMessages.formLevel)
    .min(1, classMessages.formLevel)
    .max(CLASS_FORM_LEVELS.length, classMessages.formLevel),
});
export type ClassCreate = z.input<typeof classCreateSchema>;

export const formClassSchema = z.object({ class_id: z.string(), form_level: z.number() });
export type FormClass = z.infer<typeof formClassSchema>;
