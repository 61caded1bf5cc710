import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  storedSettingSchemas,
  type StoredLogo,
  type StoredSettingKey,
  type StoredSettings,
} from '@sp/domain';
import type { Db } from '../db/client.js';
import { settings, termsVersions } from '../db/schema.js';
import { printReadyOnce } from './picture.js';

export const DEFAULT_TERMS_AND_CONDITIONS = [
  'I declare that the information given in this registration is true and complete to the best of my knowledge.',
  'I will inform the school promptly of any change to addresses, telephone numbers or health information.',
  "I agree that the school may act in my child's best interest in a medical emergency when I cannot be reached.",
  "I understand that the school's rules and code of conduct apply to my child, and I will support them.",
].join('\n\n');

export type { StoredLogo };

/** Settings an administrator can change (D19), with the values a new installation starts with. */
export const DEFAULT_SETTINGS: StoredSettings = {
  /** null: use SCHOOL_NAME from the environment. */
  school_name: null,
  school_address: '',
  school_motto: '',
  /** The uploaded logo (D19), or null for the drawn crest. */
  school_logo: null,
  id_lookup_enabled: false,
  learning_challenges_enabled: false,
  /** D41: true counts a missed (ABS) mark as 0 in the average; false leaves that subject out. */
  missed_exam_counts_as_zero: false,
  /** D49: no Lower and Upper Sixth until the school says so. */
  sixth_form: false,
  /** D51: a new install requires a second factor of administrators (migration 0016 keeps a school in use optional). */
  second_factor_policy: 'admins',
  terms_and_conditions: DEFAULT_TERMS_AND_CONDITIONS,
};
export type Settings = StoredSettings;
export type SettingKey = StoredSettingKey;

type Warn = Pick<FastifyBaseLogger, 'warn'>;
let warnLog: Warn | undefined;
/** Where a stored value that fails its schema is reported; the settings routes set it when they start. */
export function reportSettingsTo(log: Warn): void {
  warnLog = log;
}

/**
 * Reads settings through their schemas (domain's storedSettingSchemas). The value is fetched as JSON text
 * and parsed here: the driver's own jsonb reading also parses a JSON string's contents, which turned a
 * motto typed as 12345 into a number. A value that fails its schema reads as the default and is logged:
 * no stored value can stop the settings, or the pages before sign-in, from loading; the next save of that
 * setting replaces it.
 */
export async function readSettings<K extends SettingKey>(
  db: Pick<Db, 'select'>,
  keys: K[],
): Promise<Pick<Settings, K>> {
  const rows = await db
    .select({ key: settings.key, json: sql<string>`${settings.value}::text` })
    .from(settings)
    .where(inArray(settings.key, keys));
  const out = Object.fromEntries(keys.map((k) => [k, DEFAULT_SETTINGS[k]])) as Pick<Settings, K>;
  for (const row of rows) {
    const key = row.key as K;
    const parsed = storedSettingSchemas[key].safeParse(parseJson(row.json));
    if (parsed.success) out[key] = parsed.data as Settings[K];
    else warnLog?.warn({ setting: key }, 'a stored setting does not fit its schema: its default is used');
  }
  return out;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type Writer = Pick<Db, 'insert'>;

/** Writes one setting after checking it against its schema; stored as JSON text so text stays text. */
export async function writeSetting<K extends SettingKey>(
  db: Writer,
  key: K,
  value: Settings[K],
  at: Date,
): Promise<void> {
  const checked = storedSettingSchemas[key].parse(value);
  const json = sql`${JSON.stringify(checked)}::text::jsonb`;
  await db
    .insert(settings)
    .values({ key, value: json, updated_at: at })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updated_at: at } });
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

/** D25: one version of the terms: the English text and, when the school gave one, the Spanish. */
export interface TermsVersion {
  version: number;
  text: string;
  text_es: string | null;
}
const termsColumns = {
  version: termsVersions.version,
  text: termsVersions.text,
  text_es: termsVersions.text_es,
};

/** D25: the terms in force now: the latest version (version 1 is seeded from the first text). */
export async function currentTerms(db: Reader): Promise<TermsVersion> {
  const [row] = await db
    .select(termsColumns)
    .from(termsVersions)
    .orderBy(desc(termsVersions.version))
    .limit(1);
  return row ?? { version: 0, text: DEFAULT_TERMS_AND_CONDITIONS, text_es: null };
}

/**
 * D25: the text a student agreed to. An agreement from before terms were versioned counts as version 1,
 * the only text there was then; without an agreement, the terms in force.
 */
export async function termsFor(
  db: Reader,
  agreedVersion: number | null,
  agreed: boolean,
): Promise<TermsVersion> {
  if (!agreed) return currentTerms(db);
  const [row] = await db
    .select(termsColumns)
    .from(termsVersions)
    .where(eq(termsVersions.version, agreedVersion ?? 1));
  return row ?? currentTerms(db);
}
