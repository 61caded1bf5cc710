import { IMPORT_MAX_BYTES, importMessages } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { idle, type Progress } from './file-progress';

type Send<T> = (file: File, onProgress: (percent: number) => void) => Promise<T>;

interface Options<P, R> {
  preview: Send<P>;
  confirm: Send<R>;
  /** After a confirmed import: refresh what shows the imported data. */
  onImported: () => Promise<unknown>;
  checkingLabel: string;
  importingLabel: string;
}

/**
 * Choose → preview → confirm. The file stays in the browser between preview and confirm and is sent again,
 * so the server keeps nothing in between.
 */
export function useFileImport<P, R>({
  preview: sendPreview,
  confirm: sendConfirm,
  onImported,
  checkingLabel,
  importingLabel,
}: Options<P, R>) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>(idle);

  async function send<T>(chosen: File, label: string, call: Send<T>): Promise<T | null> {
    setError(null);
    setProgress({ phase: 'uploading', percent: 0, label });
    try {
      return await call(chosen, (percent) => setProgress({ phase: 'uploading', percent, label }));
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
    setPreview(await send(chosen, checkingLabel, sendPreview));
  }

  async function confirm() {
    if (!file) return;
    const done = await send(file, importingLabel, sendConfirm);
    if (!done) return;
    setResult(done);
    setPreview(null);
    setFile(null);
    await onImported();
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
