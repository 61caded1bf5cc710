import type { ImportPreview, ImportRowFilter } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { previewImport } from './api/import-students';

const noProgress = () => undefined;

/**
 * The preview page on screen: the first comes with the preview; another page or status sends the file again
 * (D47: the server keeps nothing and answers a page at a time).
 */
export function usePreviewPage(file: File | null, first: ImportPreview) {
  const [shown, setShown] = useState(first);
  const [from, setFrom] = useState(first);
  // A new preview (another file chosen) starts again from its first page.
  if (from !== first) {
    setFrom(first);
    setShown(first);
  }
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function show(status: ImportRowFilter, page: number) {
    if (!file) return;
    setLoading(true);
    setError(null);
    try {
      setShown(await previewImport(file, noProgress, { status, page }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }

  return { shown, loading, error, show: (status: ImportRowFilter, page: number) => void show(status, page) };
}
