import { z } from 'zod';

/** GET /api/backups/latest: the last backup taken (any machine, nightly or by command) and the schedule. */
export const latestBackupSchema = z.object({
  last: z
    .object({
      /** ISO instant. */
      at: z.string(),
      size_bytes: z.number(),
      file: z.string(),
      kind: z.string(),
    })
    .nullable(),
  /** The nightly backup on the embedded database; null on PostgreSQL, where pg_dump is scheduled apart. */
  nightly: z.object({ time: z.string(), keep: z.number() }).nullable(),
});
export type LatestBackup = z.infer<typeof latestBackupSchema>;
