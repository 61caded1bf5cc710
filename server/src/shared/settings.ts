import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings, termsVersions } from '../db/schema.js';
import { printReadyOnce } from './picture.js';

export const DEFAULT_TERMS_AND_CONDITIONS = [
  'I declare that the information given in this registration is true and complete to the best of my knowledge.',
  'I will inform the school promptly of any change to addresses, telephone numbers or health information.',
  "I agree that the school may act in my child's best interest in a medical emergency when I cannot be reached.",
  "I understand that the school's rules and code of conduct apply to my child, and I will support them.",
].join('\n\n');

/** The school's logo as kept in the settings table: its bytes (base64) and a version for its address. */
export interface StoredLogo {
  content_type: 'image/png' | 'image/jpeg';
  /** The first 16 hex digits of the bytes' SHA-256: a new picture gets a new address. */
  version: string;
  data: string;
}

/** Settings an administrator can change (D19), with the values a new installation starts with. */
export const DEFAULT_SETTINGS = {
  /** null: use SCHOOL_NAME from the environment. */
  school_name: null as string | null,
  school_address: '',
  school_motto: '',
  /** The uploaded logo (D19), or null for the drawn crest. */
  school_logo: null as StoredLogo | null,
  id_lookup_enabled: false,
  learning_challenges_enabled: false,
  /** D41: true counts a missed (ABS) mark as 0 in the average; false leaves that subject out. */
  missed_exam_counts_as_zero: false,
  terms_and_conditions: DEFAULT_TERMS_AND_CONDITIONS,
};
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;

export async function readSettings<K extends SettingKey>(
  db: Pick<Db, 'select'>,
  keys: K[],
): Promise<Pick<Settings, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const out = Object.fromEntries(keys.map((k) => [k, DEFAULT_SETTINGS[k]])) as Pick<Settings, K>;
  for (const row of rows) (out as Record<string, unknown>)[row.key] = row.value;
  return out;
}

/** The logo's versioned public address, or null while the drawn crest is used. */
export const logoUrl = (logo: StoredLogo | null): string | null =>
  logo ? `/api/settings/logo?v=${logo.version}` : null;

/** What printed documents put at the top: the school's name, address, motto and logo bytes (if any). */
export interface SchoolIdentity {
  name: string;
  address: string;
  motto: string;
  logo: Buffer | null;
}

export async function schoolIdentity(db: Db, defaultName: string): Promise<SchoolIdentity> {
  const s = await readSettings(db, ['school_name', 'school_address', 'school_motto', 'school_logo']);
  return {
    name: s.school_name ?? defaultName,
    address: s.school_address,
    motto: s.school_motto,
    logo: s.school_logo ? await printLogo(s.school_logo) : null,
  };
}

/** D46: a logo kept before pictures were made print-size is shrunk once per process; a PDF never decodes it whole. */
const printLogo = async (logo: StoredLogo): Promise<Buffer | null> =>
  (await printReadyOnce(`logo:${logo.version}`, Buffer.from(logo.data, 'base64'), 'logo'))?.data ?? null;

type Reader = Pick<Db, 'select'>;

/** D25: the terms in force now: the latest version (version 1 is seeded from the first text). */
export async function currentTerms(db: Reader): Promise<{ version: number; text: string }> {
  const [row] = await db
    .select({ version: termsVersions.version, text: termsVersions.text })
    .from(termsVersions)
    .orderBy(desc(termsVersions.version))
    .limit(1);
  return row ?? { version: 0, text: DEFAULT_TERMS_AND_CONDITIONS };
}

/**
 * D25: the text a student agreed to. An agreement from before terms were versioned counts as version 1,
 * the only text there was then; without an agreement, the terms in force.
 */
export async function termsFor(
  db: Reader,
  agreedVersion: number | null,
  agreed: boolean,
): Promise<{ version: number; text: string }> {
  if (!agreed) return currentTerms(db);
  const [row] = await db
    .select({ version: termsVersions.version, text: termsVersions.text })
    .from(termsVersions)
    .where(eq(termsVersions.version, agreedVersion ?? 1));
  return row ?? currentTerms(db);
}
