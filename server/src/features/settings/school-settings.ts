import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  LOGO_MIME_TYPES,
  SETTINGS_FORM_LEVELS,
  schoolSettingsUpdateSchema,
  settingsMessages,
  type registrationWindowUpdateSchema,
  type SchoolSettings,
} from '@sp/domain';
import type { z } from 'zod';
import { auditActor, writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { registrationWindows, settings, termsVersions } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { Upload } from '../../shared/read-upload.js';
import { printSizePicture } from '../../shared/picture.js';
import { currentTerms, logoUrl, readSettings, writeSetting, type StoredLogo } from '../../shared/settings.js';

type SettingsUpdate = z.output<typeof schoolSettingsUpdateSchema>;

/** Everything the Settings panel shows (D19). */
export async function readSchoolSettings(ctx: AppContext): Promise<SchoolSettings> {
  const [s, terms, windows] = await Promise.all([
    readSettings(ctx.db, [
      'school_name',
      'school_address',
      'school_motto',
      'school_logo',
      'id_lookup_enabled',
      'learning_challenges_enabled',
      'missed_exam_counts_as_zero',
      'sixth_form',
      'second_factor_policy',
    ]),
    currentTerms(ctx.db),
    ctx.db
      .select()
      .from(registrationWindows)
      .where(inArray(registrationWindows.form_level, [...SETTINGS_FORM_LEVELS]))
      .orderBy(asc(registrationWindows.form_level)),
  ]);
  return {
    school_name: s.school_name ?? ctx.config.SCHOOL_NAME,
    school_address: s.school_address,
    school_motto: s.school_motto,
    id_lookup_enabled: s.id_lookup_enabled,
    learning_challenges_enabled: s.learning_challenges_enabled,
    missed_exam_counts_as_zero: s.missed_exam_counts_as_zero,
    sixth_form: s.sixth_form,
    second_factor_policy: s.second_factor_policy,
    terms_and_conditions: terms.text,
    terms_and_conditions_es: terms.text_es,
    terms_version: terms.version,
    logo_url: logoUrl(s.school_logo),
    registration_windows: windows.map((w) => ({
      form_level: w.form_level,
      open: w.open === 1,
      deadline: w.deadline,
      note: w.note,
    })),
  };
}

const asText = (v: string | number | boolean | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);

/** Changes the settings sent, each audited with its old and new value; new terms become a new version (D25). */
export async function updateSchoolSettings(
  ctx: AppContext,
  actor: Actor,
  changes: SettingsUpdate,
): Promise<SchoolSettings> {
  const now = ctx.clock();
  const who = auditActor(actor);
  const { terms_and_conditions: terms, terms_and_conditions_es: termsEs, ...plain } = changes;
  await ctx.db.transaction(async (tx) => {
    const keys = Object.keys(plain) as (keyof typeof plain)[];
    const before = await readSettings(tx, keys);
    const audit: AuditEntry[] = [];
    for (const key of keys) {
      const value = plain[key]!;
      const old = key === 'school_name' ? (before.school_name ?? ctx.config.SCHOOL_NAME) : before[key];
      if (old === value) continue;
      await writeSetting(tx, key, value, now);
      audit.push({
        ...who,
        action: 'settings_change',
        field: key,
        oldValue: asText(old),
        newValue: asText(value),
        at: now,
      });
    }
    if (terms !== undefined || termsEs !== undefined) {
      audit.push(...(await saveTermsVersion(tx, who, { text: terms, text_es: termsEs }, now)));
    }
    await writeAudit(tx, audit);
  });
  return readSchoolSettings(ctx);
}

/**
 * D25: a text of the terms that differs from the one in force, in either language, becomes a new version holding
 * both (the one not sent kept as it was); agreements keep the version they were given.
 */
async function saveTermsVersion(
  tx: Tx,
  who: ReturnType<typeof auditActor>,
  sent: { text: string | undefined; text_es: string | null | undefined },
  now: Date,
): Promise<AuditEntry[]> {
  const current = await currentTerms(tx);
  const next = {
    text: sent.text ?? current.text,
    text_es: sent.text_es === undefined ? current.text_es : sent.text_es,
  };
  if (next.text === current.text && next.text_es === current.text_es) return [];
  const version = current.version + 1;
  const [added] = await tx
    .insert(termsVersions)
    .values({ version, ...next, created_at: now, created_by: who.actorId })
    .onConflictDoNothing()
    .returning({ version: termsVersions.version });
  if (!added) {
    throw new AppError(409, 'The terms were changed by someone else just now. Reload and try again.');
  }
  const change = (field: string, oldValue: string | null, newValue: string | null): AuditEntry[] =>
    oldValue === newValue
      ? []
      : [{ ...who, action: 'settings_change', field, oldValue, newValue, detail: { version }, at: now }];
  return [
    ...change('terms_and_conditions', current.text, next.text),
    ...change('terms_and_conditions_es', current.text_es, next.text_es),
  ];
}

/** One form level's registration window: open or closed, its deadline and the note its students see. */
export async function updateRegistrationWindow(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof registrationWindowUpdateSchema>,
): Promise<SchoolSettings> {
  const now = ctx.clock();
  const next = { open: input.open ? 1 : 0, deadline: input.deadline, note: input.note };
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(registrationWindows)
      .where(eq(registrationWindows.form_level, input.form_level))
      .for('update');
    if (before) {
      await tx
        .update(registrationWindows)
        .set(next)
        .where(eq(registrationWindows.form_level, input.form_level));
    } else {
      await tx.insert(registrationWindows).values({ form_level: input.form_level, ...next });
    }
    const fields = (['open', 'deadline', 'note'] as const).filter(
      (k) => asText(before?.[k] ?? null) !== asText(next[k]),
    );
    await writeAudit(
      tx,
      fields.map((k) => ({
        ...auditActor(actor),
        action: 'settings_change' as const,
        field: `registration_window.${k}`,
        oldValue: asText(before?.[k] ?? null),
        newValue: asText(next[k]),
        detail: { form_level: input.form_level },
        at: now,
      })),
    );
  });
  return readSchoolSettings(ctx);
}

/** D19, D7: the school's logo, a PNG or JPEG judged by its bytes, replacing the drawn crest at once. */
export async function storeLogo(ctx: AppContext, actor: Actor, upload: Upload): Promise<SchoolSettings> {
  if (Object.keys(upload.fields).length) throw badRequest('Send only the picture, as "file".', 'file');
  const data = upload.file?.data;
  if (!data?.length) throw badRequest(settingsMessages.logoMissing, 'file');
  const mime = (await fileTypeFromBuffer(data))?.mime;
  const type = LOGO_MIME_TYPES.find((t) => t === mime);
  if (!type) {
    throw new AppError(415, settingsMessages.logoType, [
      { field: 'file', message: settingsMessages.logoType },
    ]);
  }
  // D46: kept at print size, flattened onto white, so no PDF decodes a large or transparent picture.
  const picture = await printSizePicture(data, 'logo');
  const logo: StoredLogo = {
    content_type: picture.mime,
    version: createHash('sha256').update(picture.data).digest('hex').slice(0, 16),
    data: picture.data.toString('base64'),
  };
  await replaceLogo(ctx, actor, logo);
  return readSchoolSettings(ctx);
}

export async function removeLogo(ctx: AppContext, actor: Actor): Promise<SchoolSettings> {
  await replaceLogo(ctx, actor, null);
  return readSchoolSettings(ctx);
}

async function replaceLogo(ctx: AppContext, actor: Actor, logo: StoredLogo | null): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const { school_logo: before } = await readSettings(tx, ['school_logo']);
    if (logo) await writeSetting(tx, 'school_logo', logo, now);
    else await tx.delete(settings).where(eq(settings.key, 'school_logo'));
    const describe = (l: StoredLogo | null) =>
      l ? `${l.content_type}, ${Buffer.from(l.data, 'base64').length} bytes, version ${l.version}` : null;
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'settings_change',
      field: 'school_logo',
      oldValue: describe(before),
      newValue: describe(logo),
      at: now,
    });
  });
}

/** The stored logo, for its public route. */
export async function readLogo(ctx: AppContext): Promise<StoredLogo | null> {
  return (await readSettings(ctx.db, ['school_logo'])).school_logo;
}
