import type { HeicAnswer } from './heic-worker';
import { PhotoError, photoMessages } from './messages';

/** Longer than a 25-megapixel photo takes on a slow phone; a decoder stuck on a damaged file is stopped. */
export const HEIC_TIMEOUT_MS = 60_000;

/**
 * A HEIC/HEIF photo as a JPEG, decoded in a worker that is downloaded only when such a photo is chosen. The
 * worker is stopped when the signal aborts (Cancel, or the step left) or after HEIC_TIMEOUT_MS.
 */
export async function heicToJpeg(file: Blob, signal: AbortSignal): Promise<Blob> {
  signal.throwIfAborted();
  const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop: (() => void) | undefined;
  try {
    const bytes = await file.arrayBuffer();
    const answer = await new Promise<HeicAnswer | 'timeout'>((resolve, reject) => {
      stop = () => reject(new DOMException('The conversion was cancelled.', 'AbortError'));
      signal.addEventListener('abort', stop, { once: true });
      timer = setTimeout(() => resolve('timeout'), HEIC_TIMEOUT_MS);
      worker.onmessage = (event: MessageEvent<HeicAnswer>) => resolve(event.data);
      worker.onerror = () => resolve({ error: true });
      worker.postMessage(bytes, [bytes]);
    });
    if (answer === 'timeout') throw new PhotoError(photoMessages.heicTimeout());
    if ('error' in answer) throw new PhotoError(photoMessages.heicUnreadable());
    return answer.jpeg;
  } finally {
    clearTimeout(timer);
    if (stop) signal.removeEventListener('abort', stop);
    worker.terminate();
  }
}
