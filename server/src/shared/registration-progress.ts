import type { RegistrationStep } from '@sp/domain';
import { registrationProgress } from '../db/schema.js';

/** The column of `registration_progress` that records when each step was completed (null: not yet). */
export const STEP_COLUMNS: Record<RegistrationStep, typeof registrationProgress.student_data> = {
  studentData: registrationProgress.student_data,
  familyData: registrationProgress.family_data,
  healthData: registrationProgress.health_data,
  otherData: registrationProgress.other_data,
  documents: registrationProgress.documents,
  submit: registrationProgress.submit,
};
