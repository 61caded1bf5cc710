import {
  importHistorySchema,
  importPreviewSchema,
  importResultSchema,
  type ImportHistoryEntry,
  type ImportPreview,
  type ImportPreviewQuery,
  type ImportResult,
} from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { ApiError, apiGet } from '../../../api/client';
import { badResponseMessage } from '../../../api/api-error';
import { uploadWithProgress } from '../../../api/upload';
import { importKeys } from './query-keys';

export const importTemplatePaths = {
  csv: '/api/students/import-template.csv',
  xlsx: '/api/students/import-template.xlsx',
} as const;

async function sendFile<T>(path: string, file: File, schema: ZodType<T>, onProgress: (p: number) => void) {
  const form = new FormData();
  form.set('file', file, file.name);
  const answer = schema.safeParse(await uploadWithProgress(path, form, { onProgress }));
  if (!answer.success) throw new ApiError(200, badResponseMessage);
  return answer.data;
}

/**
 * POST /api/students/import/preview: the counts of the whole file and one page of its rows with what importing
 * them would do (the file is sent again for another page or status).
 */
export function previewImport(
  file: File,
  onProgress: (percent: number) => void,
  query: ImportPreviewQuery = {},
): Promise<ImportPreview> {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.page) search.set('page', String(query.page));
  const path = `/api/students/import/preview${search.size ? `?${search.toString()}` : ''}`;
  return sendFile(path, file, importPreviewSchema, onProgress);
}

/** POST /api/students/import: the same file again; the server checks it afresh and writes the valid rows. */
export const confirmImport = (file: File, onProgress: (percent: number) => void): Promise<ImportResult> =>
  sendFile('/api/students/import', file, importResultSchema, onProgress);

export const importHistoryQuery = queryOptions({
  queryKey: importKeys.history,
  queryFn: ({ signal }): Promise<ImportHistoryEntry[]> =>
    apiGet('/api/students/imports', importHistorySchema, signal),
});

export const useImportHistory = () => useQuery(importHistoryQuery);
