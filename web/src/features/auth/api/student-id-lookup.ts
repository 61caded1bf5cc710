import { studentIdLookupResponseSchema, type studentIdLookupSchema } from '@sp/domain';
import type { z } from 'zod';
import { apiPost } from '../../../api/client';

export type StudentIdLookup = z.infer<typeof studentIdLookupSchema>;
export type StudentIdMatch = z.infer<typeof studentIdLookupResponseSchema>[number];

/** D1: exact matches only; the server refuses it while the ID-query setting is off. */
export const lookUpStudentId = (body: StudentIdLookup): Promise<StudentIdMatch[]> =>
  apiPost('/api/student-id-lookup', body, studentIdLookupResponseSchema);
