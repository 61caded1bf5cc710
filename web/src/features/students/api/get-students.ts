import { adminStudentListSchema, type AdminStudent } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

/** GET /api/students: the staff list; withdrawn students only when asked for (D29). */
export const studentsQuery = (includeWithdrawn = false) =>
  queryOptions({
    queryKey: ['admin', 'students', { includeWithdrawn }],
    queryFn: ({ signal }): Promise<AdminStudent[]> =>
      apiGet(
        includeWithdrawn ? '/api/students?include_withdrawn=1' : '/api/students',
        adminStudentListSchema,
        signal,
      ),
  });

/** Every cached students list (with or without withdrawn students), for invalidation after a change. */
export const allStudentLists = { queryKey: ['admin', 'students'] as const };

export const useStudents = (includeWithdrawn = false) => useQuery(studentsQuery(includeWithdrawn));
