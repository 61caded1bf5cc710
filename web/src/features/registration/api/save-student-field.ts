import { saveResultSchema, type SaveResult, type StudentRecord } from '@sp/domain';
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../api/client';
import { studentQuery } from './get-student';

/** POST /api/student with the one field that changed (D14); '' clears an optional field. */
export const saveStudentField = (
  studentId: string,
  name: string,
  value: string | number,
): Promise<SaveResult> => apiPost('/api/student', { id: studentId, [name]: value }, saveResultSchema);

/** After a save the cached record holds the new value and progress, so the step marks follow. */
export function rememberSavedField(
  queryClient: QueryClient,
  studentId: string,
  name: string,
  value: string | number,
  result: SaveResult,
): void {
  queryClient.setQueryData(studentQuery(studentId).queryKey, (record: StudentRecord | undefined) =>
    record
      ? {
          ...record,
          [name]: value === '' ? null : value,
          progress: result.progress,
          ...(result.terms_agreed_at !== undefined ? { terms_agreed_at: result.terms_agreed_at } : {}),
        }
      : record,
  );
}
