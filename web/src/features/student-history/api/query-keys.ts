import { studentKeys } from '../../students/api/query-keys';

/** Under the student's key, so a change to the student's record refreshes its history too (ADR 0033). */
export const historyKeys = {
  /** A student's history, or a closed school year's part of it. */
  of: (studentId: string, year?: number) => [...studentKeys.student(studentId), 'history', { year }] as const,
};
