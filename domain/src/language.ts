import { z } from 'zod';

/** The portal's languages (D53): English, and Spanish for the families of Spanish-speaking migrants. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const languageSchema = z.enum(LANGUAGES, { error: 'Choose English (en) or Spanish (es).' });

/** `PUT /api/me/language`: a student's or parent's choice, remembered with the account. */
export const languageUpdateSchema = z.strictObject({ language: languageSchema });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

/** A stored choice read back: anything else (or nothing) is "not chosen". */
export const storedLanguage = (value: string | null | undefined): Language | null =>
  value === 'en' || value === 'es' ? value : null;
