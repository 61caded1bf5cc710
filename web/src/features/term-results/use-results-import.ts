import { IMPORT_MAX_BYTES, importMessages, type ResultImport, type ResultPreview } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { idle, type Progress } from '../../components/file-progress';
import { importResults, previewResults } from './api/term-results';

/** Choose → preview → confirm, for one term. The browser keeps the file and sends it again to confirm. */
export function useResultsImport(termId: number | null) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ResultPreview | null>(null);
  const [result, setResult] = useState<ResultImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>(idle);

  async function send<T>(
    chosen: File,
    label: string,
    call: (id: number, f: File, p: (n: number) => void) => Promise<T>,
  ) {
    if (termId === null) return null;
    setError(null);
    setProgress({ phase: 'uploading', percent: 0, label });
    try {
      return await call(termId, chosen, (percent) => setProgress({ phase: 'uploading', percent, label }));
    } catch (e) {
      setError(errorMessage(e));
      return null;
    } finally {
      setProgress(idle);
    }
  }

  async function choose(chosen: File) {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    if (chosen.size > IMPORT_MAX_BYTES) return setError(importMessages.tooLarge);
    setPreview(await send(chosen, 'Checking the rows…', previewResults));
  }

  async function confirm() {
    if (!file) return;
    const done = await send(file, 'Saving the results…', importResults);
    if (!done) return;
    setResult(done);
    setPreview(null);
    setFile(null);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'terms'] });
  }

  function reset() {
    setFile(null);
    setPreview(null);
    setError(null);
    setResult(null);
  }

  return {
    file,
    preview,
    result,
    error,
    progress,
    choose: (f: File) => void choose(f),
    confirm: () => void confirm(),
    reset,
  };
}
