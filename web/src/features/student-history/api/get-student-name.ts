import { studentRecordLookupResponseSchema } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

/** GET /api/student-record/{id}: the student's name for the page heading. */
export const studentNameQuery = (studentId: string) =>
  queryOptions({
    queryKey: ['student-record', studentId],
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
