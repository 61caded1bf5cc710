import { DOCUMENT_TYPES, STEP_REQUIRED_FIELDS, dateInZone, type StudentFields } from '@sp/domain';
import type { AppContext } from '../context.js';
import { checkDocument } from '../features/documents/document-files.js';
import { storeDocument } from '../features/documents/store-document.js';
import { saveStudentFields } from '../features/registration/save-student-fields.js';
import type { Actor } from '../plugins/auth.js';
import { fullRecord } from './full-record.js';
import { passportPhoto, specimenPdf, TITLES } from './demo-documents.js';
import { DEMO_FIRST_NAMES, type DemoStudent } from './demo-names.js';

const LAST = [
  'Bissoon',
  'Cumberbatch',
  'Das',
  'Lezama',
  'Mitchell',
  'Ottley',
  'Rampersad',
  'Sookdeo',
  'Trotman',
];

/**
 * The new intake registering now: 40 Form 1 students (ten in each of 1A–1D, IDs 2026061–2026100) who have
 * signed in and chosen a password. Kept apart from the first 60, whose IDs and state the browser tests use.
 */
export function demoNewIntake(): DemoStudent[] {
  return Array.from({ length: 40 }, (_, k) => {
    const sex = k % 2 === 0 ? 'Male' : 'Female';
    return {
      id: `2026${String(61 + k).padStart(3, '0')}`,
      first_name: DEMO_FIRST_NAMES[sex][(k * 3) % 10]!,
      last_name: LAST[(k * 5) % LAST.length]!,
      date_of_birth: `2014-${String(1 + (k % 12)).padStart(2, '0')}-${String(1 + ((k * 7) % 28)).padStart(2, '0')}`,
      class_id: `1${'ABCD'[k % 4]}`,
      sex,
      withPassword: true,
    };
  });
}

/** How far each of ten students got: not started (2), one step (2), two, three, four (2), documents, all six. */
const STAGES = [0, 0, 1, 1, 2, 3, 4, 4, 5, 6] as const;

const pick = (record: StudentFields, names: readonly string[]): StudentFields =>
  Object.fromEntries(names.map((n) => [n, record[n]])) as StudentFields;

/**
 * One family's registration up to `stage` (0 nothing … 4 every data step, 5 every document, 6 the terms
 * agreed), made the way families make it: field saves and uploads by the student through the app's own
 * services (so the derived progress, the audit trail and the agreement times are what the app itself would
 * record), an hour per step from `start`. The office verifies some birth certificates and receives some on paper.
 */
export async function registerUpTo(
  ctx: AppContext,
  student: DemoStudent,
  stage: number,
  k: number,
  start: number,
): Promise<void> {
  const record = fullRecord(dateInZone(new Date(start)));
  const staff: Actor = { kind: 'staff', id: 'admin', ip: null, userId: 0, role: 'admin' };
  let at = start;
  const next = () => ({ ...ctx, clock: () => new Date((at += 3_600_000)) });
  const actor: Actor = { kind: 'student', id: student.id, ip: `10.0.${k}.1` };
  const save = (fields: StudentFields) => saveStudentFields(next(), actor, { id: student.id, ...fields });
  if (stage >= 1)
    await save({
      ...pick(record, [...STEP_REQUIRED_FIELDS.studentData, 'place_of_birth', 'nationality']),
      first_name: student.first_name,
      last_name: student.last_name,
      sex: student.sex,
      date_of_birth: student.date_of_birth,
    });
  if (stage >= 2)
    await save(pick(record, [...STEP_REQUIRED_FIELDS.familyData, 'mother_name', 'relation_to_child']));
  if (stage >= 3) await save({ polio: 1, measles: 1, tetanus: 1 });
  if (stage >= 4) await save(pick(record, [...STEP_REQUIRED_FIELDS.otherData, 'internet_access']));
  // Some upload a document or two before finishing the other steps; stage 5 and 6 upload all four.
  const uploads =
    stage >= 5 ? DOCUMENT_TYPES : k % 10 === 7 ? (['birth_certificate', 'picture'] as const) : [];
  for (const type of uploads) {
    const file =
      type === 'picture'
        ? { name: 'photo.png', data: passportPhoto((k * 17) % 60) }
        : { name: `${type}.pdf`, data: await specimenPdf(TITLES[type], student) };
    await storeDocument(next(), actor, { fields: { id: student.id, file_type: type }, file });
  }
  // Two families brought the birth certificate to the office instead of uploading it (done by D42).
  if (k % 20 === 6)
    await checkDocument(next(), staff, {
      student_id: student.id,
      type: 'birth_certificate',
      status: 'received',
      reason: null,
    });
  if (stage >= 6) await save({ agree_terms_conditions: 1 });
  if (stage >= 5 && k % 20 < 10)
    await checkDocument(next(), staff, {
      student_id: student.id,
      type: 'birth_certificate',
      status: 'verified',
      reason: null,
    });
}

/**
 * A realistic spread of registration for the new intake, each student working on one day between 2 and 14
 * days ago (see registerUpTo).
 */
export async function seedDemoProgress(ctx: AppContext, intake: readonly DemoStudent[]): Promise<void> {
  const now = ctx.clock().getTime();
  for (const [k, student] of intake.entries())
    await registerUpTo(ctx, student, STAGES[k % STAGES.length]!, k, now - (2 + (k % 13)) * 86_400_000);
}
