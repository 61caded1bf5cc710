import { eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPES, type CompletionItem, type DocumentType, type RegistrationStep } from '@sp/domain';
import { documentChecks, registrationProgress, students, uploadedFiles } from '../db/schema.js';

/** The column of `registration_progress` that records when each step was completed (null: not yet). */
export const STEP_COLUMNS: Record<RegistrationStep, typeof registrationProgress.student_data> = {
  studentData: registrationProgress.student_data,
  familyData: registrationProgress.family_data,
  healthData: registrationProgress.health_data,
  otherData: registrationProgress.other_data,
  documents: registrationProgress.documents,
  submit: registrationProgress.submit,
};

/** The step columns' names, for statements written in SQL (the rollover's freeze and undo). */
export const STEP_COLUMN_NAMES = Object.values(STEP_COLUMNS).map((column) => column.name);

/** The SET of a registration that starts afresh (D49): no step done. */
export const noStepDone: SQL = sql.raw(STEP_COLUMN_NAMES.map((name) => `${name} = NULL`).join(', '));

/**
 * D42 in SQL, the one definition every query uses: from a document's check status (null: not checked) and
 * whether a file is on record, done when received or verified, or on file and not rejected. Domain's
 * `isDocumentDone` is the same rule; a test holds the two together.
 */
export const documentDoneWhen = (status: SQL, hasFile: SQL): SQL =>
  sql`(coalesce(${status} in ('received', 'verified'), false) or (${hasFile} and ${status} is distinct from 'rejected'))`;

/** The office's check status of a student's document (null: none); the key is (student, type). */
export const checkStatusOf = (type: DocumentType): SQL =>
  sql`(select ${documentChecks.status} from ${documentChecks} where ${documentChecks.student_id} = ${students.id} and ${documentChecks.type} = ${type})`;

/** Whether a student has a live file of the type; one archived with a closed year is not (D49). */
export const hasFileOf = (type: DocumentType): SQL =>
  sql`exists (select 1 from ${uploadedFiles} where ${uploadedFiles.student_id} = ${students.id} and ${uploadedFiles.type} = ${type} and ${uploadedFiles.year} is null)`;

/** Whether a student (in the outer query) has done a document, by D42. */
export const documentDone = (type: DocumentType): SQL =>
  documentDoneWhen(checkStatusOf(type), hasFileOf(type));

/** The join of a student to their registration progress row (one at most: the row's key is the student). */
export const progressOfStudent = eq(registrationProgress.student_id, students.id);

/**
 * A student (joined to their registration progress by `progressOfStudent`) who has not yet done `item`; a
 * document is done by `done` (a closed year's views pass the frozen documents' rule).
 */
export function notDone(item: CompletionItem, done: (type: DocumentType) => SQL = documentDone): SQL {
  if (item === 'terms')
    return or(isNull(students.agree_terms_conditions), sql`${students.agree_terms_conditions} <> 1`)!;
  if ((DOCUMENT_TYPES as readonly string[]).includes(item)) return not(done(item as DocumentType));
  return isNull(STEP_COLUMNS[item as RegistrationStep]);
}

/** The students of a class; for an empty class name, the students in no class (the dashboard's "No class"). */
export const inClass = (classId: string): SQL =>
  classId === '' ? isNull(students.class_id) : eq(students.class_id, classId);
