import { z } from 'zod';

/** `GET /api/settings/public`: what the pages need before sign-in, and obey after it (D19). */
export const appSettingsSchema = z.object({
  school_name: z.string(),
  school_motto: z.string(),
  /** The uploaded logo's versioned address, or null for the drawn crest (D19). */
  logo_url: z.string().nullable(),
  id_lookup_enabled: z.boolean(),
  learning_challenges_enabled: z.boolean(),
  terms_and_conditions: z.string(),
  /** D25: the same version of the terms in Spanish, null when the school gave none (the English then); always sent. */
  terms_and_conditions_es: z.string().nullable().optional(),
  upload_max_mb: z.number(),
  /** SCHOOL_TIMEZONE: the zone every school date and time is shown and typed in, on the server and the web. */
  time_zone: z.string(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
