import {
  getDocument,
  GlobalWorkerOptions,
  VerbosityLevel,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
// The legacy build: the modern one relies on Map.getOrInsertComputed and Math.sumPrecise, which a family's
// two-year-old phone does not have (ADR 0031). The worker is its own file, fetched when a PDF is first shown.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/client';
import { fetchFile } from '../../api/download';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfPages {
  pdf: PDFDocumentProxy;
  pages: PDFPageProxy[];
}

export type PdfState =
  { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & PdfPages);

async function fetchPdf(src: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetchFile(src, signal);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Fetches the PDF ourselves (the server's own message on a 403 or 404, and the session cookie as for any
 * call), then opens it in pdf.js with every page's size known before any is drawn, so the layout does not
 * jump as pages render.
 */
export function usePdfDocument(src: string): PdfState {
  const [state, setState] = useState<{ src: string; value: PdfState }>({
    src,
    value: { status: 'loading' },
  });
  useEffect(() => {
    const abort = new AbortController();
    let task: PDFDocumentLoadingTask | null = null;
    void (async () => {
      try {
        const data = await fetchPdf(src, abort.signal);
        if (abort.signal.aborted) return;
        task = getDocument({ data, verbosity: VerbosityLevel.ERRORS });
        const pdf = await task.promise;
        const pages: PDFPageProxy[] = [];
        for (let n = 1; n <= pdf.numPages; n++) pages.push(await pdf.getPage(n));
        if (!abort.signal.aborted) setState({ src, value: { status: 'ready', pdf, pages } });
      } catch (error) {
        if (abort.signal.aborted) return;
        const message =
          error instanceof ApiError
            ? errorMessage(error)
            : t`The document could not be read by this browser.`;
        setState({ src, value: { status: 'error', message } });
      }
    })();
    return () => {
      abort.abort();
      // Ends the worker's copy of the document too, also when it is still being opened.
      void task?.destroy();
    };
  }, [src]);
  // A new address shows its own loading state at once, not the previous document.
  return state.src === src ? state.value : { status: 'loading' };
}
