import { translated } from '../i18n/translate';

export interface FieldError {
  field?: string;
  message: string;
}

/** Every failed call ends as an ApiError; `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

export const networkErrorMessage = 'Cannot reach the server. Check your internet connection and try again.';
export const badResponseMessage = 'The server sent an answer we could not read. Please try again.';
export const unknownErrorMessage = 'Something went wrong. Please try again.';

/** The message to show for any error thrown by a call (spec section 8, D12), in the language in use. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return translated(error.message);
  return translated(unknownErrorMessage);
}

/** What was thrown, as an Error for a call's state (a rejected promise may carry anything). */
export const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(String(thrown));
