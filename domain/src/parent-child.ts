import { z } from 'zod';

/** A child as the parent's switcher shows it. */
export const parentChildSchema = z.object({
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  class_id: z.string().nullable(),
  form_level: z.number().nullable(),
});
export type ParentChild = z.infer<typeof parentChildSchema>;
