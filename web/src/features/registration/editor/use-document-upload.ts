import { t } from '@lingui/core/macro';
import { messages, uploadMessages, type DocumentType } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useUnsavedChanges } from '../../../components/autosave/unsaved-changes';
import { translated } from '../../../i18n/translate';
import { photoMessages } from '../photos/messages';
import { refreshAfterUpload, uploadDocument } from '../api/upload-document';

export type UploadOutcome = { severity: 'success' | 'error' | 'info'; text: string } | null;

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

  /** Resolves true once the server has the file. */
  const start = async (file: File): Promise<boolean> => {
    setOutcome(null);
    setFailed(null);
    // A clear message before a large photo is sent over a phone connection.
    if (file.size > maxMb * 1024 * 1024) {
      setOutcome({ severity: 'error', text: photoMessages.tooLarge(maxMb) });
      return false;
    }
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const answer = await uploadDocument(studentId, type, file, setProgress, abort.signal);
      // The server's own words carry the name it kept the file under (a photo is kept as a JPEG, D46); the
      // family reads them in their language.
      const kept = storedName(answer) ?? file.name;
      setOutcome({ severity: 'success', text: t`Uploaded the file successfully: ${kept}` });
      onDone();
      await refreshAfterUpload(queryClient, studentId);
      return true;
    } catch (error) {
      if (isAbort(error)) setOutcome({ severity: 'info', text: t`The upload was cancelled.` });
      else {
        setFailed(file);
        setOutcome({
          severity: 'error',
          text: `${translated(messages.uploadFailed)} ${errorMessage(error)}`,
        });
      }
      return false;
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
    start,
    cancel: () => controller.current?.abort(),
    /** A new action starts: the last one's message no longer applies. */
    clearOutcome: () => setOutcome(null),
  };
}

/** The file's name in the server's "Uploaded the file successfully: …" (uploadMessages.success), if it is one. */
function storedName(answer: string): string | null {
  const prefix = uploadMessages.success('');
  return answer.startsWith(prefix) && answer.length > prefix.length ? answer.slice(prefix.length) : null;
}
