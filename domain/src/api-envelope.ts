import { z } from 'zod';

/** What every answer that is not data carries: a message, and for a refused input each field's problem. */
export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
