import type { StudentListSort } from '@sp/domain';
import type { PendingFilter } from '../../completion/api/query-keys';

/**
 * The students feature's cache keys, public to other features (ADR 0033): whatever changes a student
 * invalidates `studentKeys.all`, which also holds every key built on it (a student's history, say).
 */
const students = ['staff', 'students'] as const;

export const studentKeys = {
  all: students,
  /** A school year's list (undefined: the current year). */
  list: (includeWithdrawn: boolean, year?: number) => [...students, { includeWithdrawn, year }] as const,
  pages: (
    includeWithdrawn: boolean,
    q: string,
    sort: StudentListSort,
    pending: PendingFilter | null,
    year?: number,
    noParent = false,
  ) => [...students, { includeWithdrawn, q, sort, pending, paged: true, year, noParent }] as const,
  pendingCount: (pending: PendingFilter, year?: number) =>
    [...students, { pendingCount: pending, year }] as const,
  /** A key of one student's data, for the features that show it. */
  student: (studentId: string) => [...students, studentId] as const,
};
