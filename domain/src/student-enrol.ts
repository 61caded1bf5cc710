import { z } from 'zod';
import { CLASS_ID_MAX_LENGTH } from './classes.js';

export const enrolMessages = {
  chooseClass: 'Choose a class.',
  action: (label: string) => `Re-enrol in ${label}`,
  already: (label: string) => `This student is already enrolled in ${label}.`,
  done: (label: string, classId: string) => `The student is enrolled in ${label}, class ${classId}.`,
};

/** POST /api/students/:id/enrol: a student with no enrolment this year (a leaver, or withdrawn and not carried on) comes back, in a class. */
export const enrolStudentSchema = z.strictObject({
  class_id: z
    .string({ error: enrolMessages.chooseClass })
    .trim()
    .min(1, enrolMessages.chooseClass)
    .max(CLASS_ID_MAX_LENGTH, enrolMessages.chooseClass)
    .toUpperCase(),
});
export type EnrolStudent = z.infer<typeof enrolStudentSchema>;

export const enrolResultSchema = z.object({ message: z.string(), year: z.number(), class_id: z.string() });
export type EnrolResult = z.infer<typeof enrolResultSchema>;
