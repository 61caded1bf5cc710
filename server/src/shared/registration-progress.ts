import { eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPES, type CompletionItem, type DocumentType, type RegistrationStep } from '@sp/domain';
import { registrationProgress, students, uploadedFiles } from '../db/schema.js';

/** The column of `registration_progress` that records when each step was completed (null: not yet). */
export const STEP_COLUMNS: Record<RegistrationStep, typeof registrationProgress.student_data> = {
  studentData: registrationProgress.student_data,
  familyData: registrationProgress.family_data,
  healthData: registrationProgress.health_data,
  otherData: registrationProgress.other_data,
  documents: registrationProgress.documents,
  submit: registrationProgress.submit,
};

const hasFile = (type: DocumentType): SQL =>
  sql`exists (select 1 from ${uploadedFiles} where ${uploadedFiles.student_id} = ${students.id} and ${uploadedFiles.type} = ${type})`;

/** The join of a student to their registration progress row (one at most: the row's key is the student). */
export const progressOfStudent = eq(registrationProgress.student_id, students.id);

/** A student (joined to their registration progress by `progressOfStudent`) who has not yet done `item`. */
export function notDone(item: CompletionItem): SQL {
  if (item === 'terms')
    return or(isNull(students.agree_terms_conditions), sql`${students.agree_terms_conditions} <> 1`)!;
  if ((DOCUMENT_TYPES as readonly string[]).includes(item)) return not(hasFile(item as DocumentType));
  return isNull(STEP_COLUMNS[item as RegistrationStep]);
}

/** The students of a class; for an empty class name, the students in no class (the dashboard's "No class"). */
export const inClass = (classId: string): SQL =>
  classId === '' ? isNull(students.class_id) : eq(students.class_id, classId);
