/** Cache keys of one student's record, its files and checks, and the registration status (ADR 0033). */
const registrationStatus = ['registration-status'] as const;

export const studentRecordKeys = {
  record: (studentId: string) => ['student', studentId] as const,
  files: (studentId: string) => ['files', studentId] as const,
  documentChecks: (studentId: string) => ['document-checks', studentId] as const,
  /** Every form level's registration status, for invalidation. */
  registrationStatus,
  registrationStatusOf: (formLevel: number) => [...registrationStatus, formLevel] as const,
};
