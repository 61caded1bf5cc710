import { z } from 'zod';

/** One field's problem in a previewed row. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * What previewing an import file answers, students or results alike: the file's name, its rows counted by
 * status, and one page of its rows (D47: an answer holds one page; the file is sent again for another).
 */
export const filePreviewSchema = <C extends z.ZodType, R extends z.ZodType>(counts: C, row: R) =>
  z.object({
    file_name: z.string(),
    counts,
    rows: z.array(row),
    page: z.number(),
    page_size: z.number(),
  });
