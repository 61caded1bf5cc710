import { IMPORT_MAX_BYTES, importMessages } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { idle, type Progress } from './file-progress';

class FileChanged extends Error {}

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
 * Whether the chosen file can still be read. A browser keeps a reference to the file on disk, not its bytes:
 * once it is saved again (an error corrected in Excel after the preview) reading it fails, and an upload of
 * it fails like a dropped connection.
 */
async function stillReadable(file: File): Promise<boolean> {
  try {
    await file.arrayBuffer();
    return true;
  } catch {
    return false;
  }
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
      if (!(await stillReadable(chosen))) throw new FileChanged();
      return await call(chosen, (percent) => setProgress({ phase: 'uploading', percent, label }));
    } catch (e) {
      const changed = e instanceof FileChanged || !(await stillReadable(chosen));
      setError(changed ? importMessages.fileChanged : errorMessage(e));
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
