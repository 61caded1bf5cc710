import { eq } from 'drizzle-orm';
import {
  STUDENT_FIELD_NAMES,
  fieldValue,
  messages,
  timestampInZone,
  type DocumentType,
  type StudentFields,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { ethnicGroups, houses, religions } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { buildRegistrationForm } from '../../pdf/registration-form.js';
import { getStudentRecord } from '../../shared/student-record.js';
import { readSettings, schoolIdentity, termsFor } from '../../shared/settings.js';
import { documentChecksOf, documentsHeld, findStudentFile } from './document-files.js';
import { printPhoto } from './print-photo.js';

/** Gathers one student's record, names, documents and photo, and prints the registration form. */
export async function registrationFormPdf(ctx: AppContext, actor: Actor, studentId: string): Promise<Buffer> {
  assertMayActOn(actor, studentId);
  const record = await getStudentRecord(ctx, studentId);
  if (!record) throw notFound(messages.notFound);
  const fields: StudentFields = Object.fromEntries(
    STUDENT_FIELD_NAMES.map((n) => [n, fieldValue(record, n)]),
  );
  const agreed = fields.agree_terms_conditions === 1;
  const [school, settings, terms, checks, pictureRow] = await Promise.all([
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
    readSettings(ctx.db, ['learning_challenges_enabled']),
    // D25: the text this student agreed to, even if the school has changed it since.
    termsFor(ctx.db, record.terms_version, agreed),
    documentChecksOf(ctx, studentId),
    findStudentFile(ctx, studentId, 'picture'),
  ]);
  const name = async <T>(query: Promise<T[]>, pick: (row: T) => string) => {
    const [row] = await query;
    return row ? pick(row) : undefined;
  };
  const religion = fields.religion_code
    ? await name(
        ctx.db
          .select()
          .from(religions)
          .where(eq(religions.code, String(fields.religion_code))),
        (r) => r.religion,
      )
    : undefined;
  const ethnicGroup =
    fields.ethnic_group_code && /^\d+$/.test(String(fields.ethnic_group_code))
      ? await name(
          ctx.db
            .select()
            .from(ethnicGroups)
            .where(eq(ethnicGroups.id, Number(fields.ethnic_group_code))),
          (r) => r.group_type,
        )
      : undefined;
  const house = fields.house_code
    ? await name(
        ctx.db
          .select()
          .from(houses)
          .where(eq(houses.id, String(fields.house_code))),
        (r) => r.name,
      )
    : undefined;
  const photo = pictureRow ? ((await printPhoto(ctx, pictureRow)) ?? 'unreadable') : null;
  const tz = ctx.config.SCHOOL_TIMEZONE;

  return buildRegistrationForm({
    school,
    studentId,
    record: fields,
    names: { religion, ethnicGroup, house },
    documentsReceived: documentsHeld(checks),
    documentsVerified: Object.fromEntries(checks.map((c) => [c.type, c.status === 'verified'])) as Record<
      DocumentType,
      boolean
    >,
    photo,
    terms: {
      text: terms.text,
      agreedAt: record.terms_agreed_at
        ? timestampInZone(new Date(record.terms_agreed_at), tz).slice(0, 16)
        : null,
    },
    learningChallengesShown: settings.learning_challenges_enabled,
    printedAt: timestampInZone(ctx.clock(), tz).slice(0, 16),
  });
}
