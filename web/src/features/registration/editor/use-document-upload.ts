import { messages, uploadMessages, type DocumentType } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useUnsavedChanges } from '../../../components/autosave/unsaved-changes';
import { refreshAfterUpload, uploadDocument } from '../api/upload-document';

export type UploadOutcome = { severity: 'success' | 'error' | 'info'; text: string } | null;

export const uploadCancelledMessage = 'The upload was cancelled.';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One document's upload: it starts as soon as a file is chosen (a chosen file is never left behind by
 * Next), shows its progress, can be cancelled, and counts as unsaved work while it runs (D14).
 */
export function useDocumentUpload(studentId: string, type: DocumentType, maxMb: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const tally = useUnsavedChanges();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome>(null);
  const [failed, setFailed] = useState<File | null>(null);
  const controller = useRef<AbortController | null>(null);
  const tallyKey = `document:${type}`;

  useEffect(() => {
    tally?.set(tallyKey, progress === null ? 'clean' : 'saving');
  }, [tally, tallyKey, progress]);
  useEffect(
    () => () => {
      controller.current?.abort();
      tally?.clear(tallyKey);
    },
    [tally, tallyKey],
  );

  const start = async (file: File) => {
    setOutcome(null);
    setFailed(null);
    // A clear message before a large photo is sent over a phone connection.
    if (file.size > maxMb * 1024 * 1024) {
      setOutcome({ severity: 'error', text: uploadMessages.tooLarge(maxMb) });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const message = await uploadDocument(studentId, type, file, setProgress, abort.signal);
      setOutcome({ severity: 'success', text: message });
      onDone();
      await refreshAfterUpload(queryClient, studentId);
    } catch (error) {
      if (isAbort(error)) setOutcome({ severity: 'info', text: uploadCancelledMessage });
      else {
        setFailed(file);
        setOutcome({ severity: 'error', text: `${messages.uploadFailed} ${errorMessage(error)}` });
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  return {
    progress,
    outcome,
    /** The file whose upload failed, to try again. */
    failed,
    start: (file: File) => void start(file),
    cancel: () => controller.current?.abort(),
    /** A new action starts: the last one's message no longer applies. */
    clearOutcome: () => setOutcome(null),
  };
}
