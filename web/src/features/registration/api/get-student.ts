import { studentRecordSchema, type StudentRecord } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiPaths } from '../../../api/api-paths';
import { apiGet } from '../../../api/client';
import { studentRecordKeys } from './query-keys';

// The schema's type is built from the field table at run time; its shape is StudentRecord.
const recordSchema = studentRecordSchema as unknown as ZodType<StudentRecord>;

/** GET /api/student/{id}: every field, the form level and the step progress. Kept in memory only (D8). */
export const studentQuery = (studentId: string) =>
  queryOptions({
    queryKey: studentRecordKeys.record(studentId),
    queryFn: ({ signal }): Promise<StudentRecord> =>
      apiGet(apiPaths.student(studentId), recordSchema, signal),
    // Autosave keeps the cached record current while the form is open, so it is not fetched again meanwhile;
    // once the registration is left it is dropped, and the next visit loads it afresh.
    staleTime: Infinity,
    gcTime: 0,
  });

export const useStudent = (studentId: string) => useQuery(studentQuery(studentId));
