import { storedFileListSchema, type StoredFile } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { studentRecordKeys } from './query-keys';

/** GET /api/get-files/{id}: the documents on record, each with the address to view it. */
export const filesQuery = (studentId: string) =>
  queryOptions({
    queryKey: studentRecordKeys.files(studentId),
    queryFn: ({ signal }): Promise<StoredFile[]> =>
      apiGet(`/api/get-files/${encodeURIComponent(studentId)}`, storedFileListSchema, signal),
  });

export const useFiles = (studentId: string) => useQuery(filesQuery(studentId));
