import { ApiError, apiErrorFrom } from './client';
import { networkErrorMessage } from './api-error';
import { askForSecondFactor, needsFreshFactor } from './fresh-factor';
import { childHeaders } from './session';

/**
 * GET a file with the session cookie, as any call. A failure throws an ApiError with the server's message
 * (D12), so the screen can say what went wrong; an aborted request throws as it was aborted.
 */
export async function fetchFile(path: string, signal?: AbortSignal, askedAgain = false): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: childHeaders(), signal });
  } catch (error) {
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new ApiError(0, networkErrorMessage);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const error = apiErrorFrom(response.status, response.statusText, body);
    // D51: an export or a backup asks for the second factor again, then is fetched once more.
    if (!askedAgain && (await needsFreshFactor(error)) && (await askForSecondFactor()))
      return fetchFile(path, signal, true);
    throw error;
  }
  return response;
}

/** GET a file and save it under `fileName`: fetch → blob → object URL → a clicked link. */
export async function downloadFile(path: string, fileName: string, signal?: AbortSignal): Promise<void> {
  const response = await fetchFile(path, signal);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(0, networkErrorMessage);
  }
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
