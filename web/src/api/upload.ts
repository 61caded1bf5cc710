import { ApiError, networkErrorMessage } from './api-error';
import { childHeaders } from './session';
import { sessionState } from './session-state';
import { apiErrorFrom, dropEarlyAnswers, isCsrfFailure, refreshCsrfCookie, xsrfToken } from './client';

function errorFrom(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  return apiErrorFrom(xhr.status, xhr.statusText, body);
}

interface Upload {
  onProgress: (percent: number) => void;
  /** Aborting stops the upload; the promise then rejects with an AbortError, as fetch does. */
  signal?: AbortSignal;
}

const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');

function sendOnce(path: string, form: FormData, token: string | null, { onProgress, signal }: Upload) {
  return new Promise<unknown>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(aborted());
    // A write: start-up's answers not yet taken are from before it (api/client.ts).
    dropEarlyAnswers();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    for (const [name, value] of Object.entries(childHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        sessionState.recordSuccess();
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          resolve(undefined);
        }
      } else reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, networkErrorMessage));
    xhr.send(form);
  });
}

/**
 * A multipart upload with progress (fetch cannot report upload progress). Sends the XSRF token like every
 * other state-changing call, refreshing it once if the server says it is stale.
 */
export async function uploadWithProgress(path: string, form: FormData, upload: Upload): Promise<unknown> {
  try {
    return await sendOnce(path, form, await xsrfToken(), upload);
  } catch (error) {
    if (error instanceof ApiError && isCsrfFailure(error)) {
      await refreshCsrfCookie();
      return sendOnce(path, form, await xsrfToken(), upload);
    }
    throw error;
  }
}
