import { z } from 'zod';

/** A row of the staff's student list (`GET /api/students`). */
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
  /** How many parent accounts are linked to the student now (D50). */
  parents_linked: z.number(),
  /** In a closed year's list only (D49): whether the student is enrolled in the current year too. */
  enrolled_now: z.boolean().optional(),
});
export type AdminStudent = z.infer<typeof adminStudentSchema>;
export const adminStudentListSchema = z.array(adminStudentSchema);
