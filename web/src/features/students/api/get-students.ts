import { adminStudentListSchema, type AdminStudent } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

export const studentsQuery = queryOptions({
  queryKey: ['admin', 'students'],
  queryFn: ({ signal }): Promise<AdminStudent[]> => apiGet('/api/students', adminStudentListSchema, signal),
});

export const useStudents = () => useQuery(studentsQuery);
