import { z } from 'zod';
import { exportQuerySchema } from './student-export.js';

/** Filters of GET /api/registration-report/all: a form level, a class, or neither for the whole school. */
export const registrationReportQuerySchema = exportQuerySchema.pick({
  form_level: true,
  class_id: true,
  year: true,
});
export type RegistrationReportQuery = z.infer<typeof registrationReportQuerySchema>;

export const REGISTRATION_REPORT_FILE_NAME = 'Registration Report.pdf';
