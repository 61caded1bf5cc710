import { studentRecordLookupResponseSchema } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';
import { studentNameKey } from './query-keys';

/** GET /api/student-record/{id}: a student's ID and name, for the headings of staff pages. */
export const studentNameQuery = (studentId: string) =>
  queryOptions({
    queryKey: studentNameKey(studentId),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/student-record/${encodeURIComponent(studentId)}`,
          studentRecordLookupResponseSchema,
          signal,
        )
      )[0] ?? null,
  });

export const useStudentName = (studentId: string) => useQuery(studentNameQuery(studentId));
