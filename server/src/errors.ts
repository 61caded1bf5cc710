import { errorSchema } from '@sp/domain';

/** The error answers a route documents, e.g. `errorResponses(400, 401, 403)`, all `{ message, errors? }`. */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof errorSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorSchema])) as Record<C, typeof errorSchema>;
}

/** An error the client caused or may see: its message is shown to the user as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field?: string; message: string }[],
    /** Response headers that belong to the error, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string): AppError =>
  new AppError(400, message, [{ ...(field ? { field } : {}), message }]);
/** A file refused as a whole (too large, too many rows, not a kind we read), said against the form's file field. */
export const fileRefused = (status: number, message: string): AppError =>
  new AppError(status, message, [{ field: 'file', message }]);
export const unauthorized = (message: string): AppError => new AppError(401, message);
export const forbidden = (message: string): AppError => new AppError(403, message);
export const notFound = (message: string): AppError => new AppError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number): AppError =>
  new AppError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
/** A 429 that says, in whole minutes (at least one), when a counter frees up `retryMs` from now. */
export const retryLater = (retryMs: number, say: (minutes: number) => string): AppError => {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return tooManyRequests(say(minutes), minutes * 60);
};

/** One problem with a request, as the answer's `errors` list names it. */
export function fieldError(issue: {
  code: string;
  path: string;
  message: string | undefined;
  keys?: string[] | undefined;
}): { field?: string; message: string } {
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    return { field: issue.keys.join(', '), message: `Unknown field: ${issue.keys.join(', ')}` };
  }
  return { ...(issue.path ? { field: issue.path } : {}), message: issue.message ?? 'Invalid value.' };
}

/** A 400 naming each field, with the schema's own messages. */
export function validationError(errors: { field?: string; message: string }[]): AppError {
  return new AppError(400, errors[0]?.message ?? 'Invalid request.', errors);
}

/** A failed zod parse as a 400 naming each field, with the schema's own messages. */
export function fromZodError(error: {
  issues: readonly { code: string; path: PropertyKey[]; message: string; keys?: string[] }[];
}): AppError {
  return validationError(
    error.issues.map((issue) => fieldError({ ...issue, path: issue.path.map(String).join('.') })),
  );
}
