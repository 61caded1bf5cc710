import { messageSchema, type DocumentType } from '@sp/domain';
import type { QueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../api/upload';
import { documentChecksQuery } from './document-checks';
import { filesQuery } from './get-files';
import { studentQuery } from './get-student';

/** POST /api/store-file (multipart: file, id, file_type); resolves with the server's message. */
export async function uploadDocument(
  studentId: string,
  type: DocumentType,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.set('id', studentId);
  form.set('file_type', type);
  form.set('file', file, file.name);
  const answer = messageSchema.safeParse(
    await uploadWithProgress('/api/store-file', form, { onProgress, signal }),
  );
  return answer.success ? answer.data.message : 'Uploaded.';
}

/** After an upload the list is read again and the step marks follow the server's progress. */
export async function refreshAfterUpload(queryClient: QueryClient, studentId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: filesQuery(studentId).queryKey }),
    queryClient.invalidateQueries({ queryKey: studentQuery(studentId).queryKey }),
    queryClient.invalidateQueries({ queryKey: documentChecksQuery(studentId).queryKey }),
  ]);
}
