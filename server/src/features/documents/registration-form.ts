import { and, eq } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  STUDENT_FIELD_NAMES,
  academicYearLabel,
  fieldValue,
  messages,
  timestampInZone,
  type DocumentCheckState,
  type DocumentCheckStatus,
  type DocumentType,
  type StudentFields,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { enrolments, ethnicGroups, houses, religions, uploadedFiles } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { buildRegistrationForm } from '../../pdf/registration-form.js';
import { ensureFamilyCodes } from '../../shared/family-codes.js';
import { getStudentRecord } from '../../shared/student-record.js';
import { currentYear } from '../../shared/school-years.js';
import { readSettings, schoolIdentity, termsFor } from '../../shared/settings.js';
import { yearView } from '../../shared/year-view.js';
import { documentChecksOf, documentsHeld, findStudentFile } from './document-files.js';
import { printPhoto } from './print-photo.js';

interface FrozenDocument {
  type: string;
  status: string | null;
  file: { id: number; original_name: string; mime_type: string; uploaded_at: string } | null;
}

/**
 * A closed year's documents as its rollover froze them: the office's checks and the files then on record,
 * with the photo's file row (kept, archived with the year, when the photo is asked again).
 */
async function frozenDocuments(ctx: AppContext, studentId: string, year: number) {
  const [row] = await ctx.db
    .select({ documents: enrolments.documents })
    .from(enrolments)
    .where(and(eq(enrolments.student_id, studentId), eq(enrolments.year, year)));
  const frozen = (row?.documents ?? []) as unknown as FrozenDocument[];
  const checks: DocumentCheckState[] = DOCUMENT_TYPES.map((type) => {
    const found = frozen.find((d) => d.type === type);
    const file = found?.file ?? null;
    return {
      type,
      status: (found?.status ?? null) as DocumentCheckStatus | null,
      reason: null,
      checked_by: null,
      checked_at: null,
      file: file && {
        type,
        name: file.original_name,
        url: '',
        content_type: file.mime_type,
        uploaded_at: file.uploaded_at,
      },
    };
  });
  const pictureId = frozen.find((d) => d.type === 'picture')?.file?.id;
  const [picture] =
    pictureId === undefined
      ? []
      : await ctx.db
          .select()
          .from(uploadedFiles)
          .where(and(eq(uploadedFiles.id, pictureId), eq(uploadedFiles.student_id, studentId)));
  return { checks, picture };
}

/**
 * Gathers one student's record, names, documents and photo, and prints the registration form: of the current
 * year, or of a closed year as its record, documents and photo were (D49).
 */
export async function registrationFormPdf(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  year?: number,
): Promise<Buffer> {
  assertMayActOn(actor, studentId);
  const view = await yearView(ctx.db, year);
  const record = await getStudentRecord(ctx, studentId, view.db);
  if (!record) throw notFound(messages.notFound);
  const past = view.past && view.year ? view.year.year : undefined;
  const fields: StudentFields = Object.fromEntries(
    STUDENT_FIELD_NAMES.map((n) => [n, fieldValue(record, n)]),
  );
  const agreed = fields.agree_terms_conditions === 1;
  const [school, settings, terms, { checks, picture: pictureRow }, printedYear] = await Promise.all([
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
    readSettings(ctx.db, ['learning_challenges_enabled']),
    // D25: the text this student agreed to, even if the school has changed it since.
    termsFor(ctx.db, record.terms_version, agreed),
    past !== undefined
      ? frozenDocuments(ctx, studentId, past)
      : Promise.all([documentChecksOf(ctx, studentId), findStudentFile(ctx, studentId, 'picture')]).then(
          ([checks, picture]) => ({ checks, picture }),
        ),
    // A signed form on paper is told apart from last year's by the year it names.
    view.year?.year ?? currentYear(ctx.db).then((y) => y.year),
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
  // The form handed to the family carries the code a parent links the child with (D50); a closed year's does not.
  const familyCode =
    past === undefined
      ? (await ensureFamilyCodes(ctx.db, [studentId], null, ctx.clock())).get(studentId)?.code
      : undefined;
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
    schoolYear: academicYearLabel(printedYear),
    familyCode,
  });
}
