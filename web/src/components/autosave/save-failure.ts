import { ApiError } from '../../api/api-error';

/** Wait before the next try of a failed save: 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export const RETRY_DELAYS_MS = [2000, 4000, 8000, 16000, 30000] as const;

export const retryDelay = (attempt: number, delays: readonly number[] = RETRY_DELAYS_MS): number =>
  delays[Math.min(attempt, delays.length - 1)] ?? 30000;

/** A failure worth trying again: no answer at all, or the server's own trouble (5xx, 408, 429). */
export const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status >= 500 ||
  error.status === 408 ||
  error.status === 429;

/** A save that failed without the server's word (translated by its text, registration.domain-words.ts). */
export const saveFailedMessage = 'The value could not be saved.';

/** The server's word on a final failure: the message for this field if a 400 names it, else the message. */
export function failureMessage(error: unknown, field: string | undefined): string {
  if (!(error instanceof ApiError)) return saveFailedMessage;
  return error.fieldErrors.find((e) => e.field === field)?.message ?? error.message;
}
