import { IMPORT_MAX_BYTES, importMessages, type ImportPreview, type ImportResult } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { confirmImport, importHistoryQuery, previewImport } from './api/import-students';
import { idle, type Progress } from '../../components/file-progress';

/**
 * Choose → preview → confirm. The file stays in the browser between preview and confirm and is sent again,
 * so the server keeps nothing in between.
 */
export function useImportFlow() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>(idle);

  async function send<T>(chosen: File, label: string, call: typeof previewImport | typeof confirmImport) {
    setError(null);
    setProgress({ phase: 'uploading', percent: 0, label });
    try {
      return (await call(chosen, (percent) => setProgress({ phase: 'uploading', percent, label }))) as T;
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
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(importMessages.tooLarge);
      return;
    }
    setPreview(await send<ImportPreview>(chosen, 'Checking the rows…', previewImport));
  }

  async function confirm() {
    if (!file) return;
    const done = await send<ImportResult>(file, 'Importing…', confirmImport);
    if (!done) return;
    setResult(done);
    setPreview(null);
    setFile(null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: importHistoryQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'students'] }),
    ]);
  }

  function reset() {
    setFile(null);
    setPreview(null);
    setError(null);
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
