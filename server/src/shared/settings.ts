import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';

export const DEFAULT_TERMS_AND_CONDITIONS = [
  'I declare that the information given in this registration is true and complete to the best of my knowledge.',
  'I will inform the school promptly of any change to addresses, telephone numbers or health information.',
  "I agree that the school may act in my child's best interest in a medical emergency when I cannot be reached.",
  "I understand that the school's rules and code of conduct apply to my child, and I will support them.",
].join('\n\n');

/** Settings an administrator can change (D19), with the values a new installation starts with. */
export const DEFAULT_SETTINGS = {
  /** null: use SCHOOL_NAME from the environment. */
  school_name: null as string | null,
  school_address: '',
  id_lookup_enabled: false,
  learning_challenges_enabled: false,
  terms_and_conditions: DEFAULT_TERMS_AND_CONDITIONS,
};
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;

export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const out = Object.fromEntries(keys.map((k) => [k, DEFAULT_SETTINGS[k]])) as Pick<Settings, K>;
  for (const row of rows) (out as Record<string, unknown>)[row.key] = row.value;
  return out;
}
