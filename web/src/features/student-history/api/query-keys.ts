import { studentKeys } from '../../students/api/query-keys';

/** Under the student's key, so a change to the student's record refreshes its history too (ADR 0033). */
export const historyKeys = {
  of: (studentId: string) => [...studentKeys.student(studentId), 'history'] as const,
};
