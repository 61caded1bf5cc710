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
export const unauthorized = (message: string): AppError => new AppError(401, message);
export const forbidden = (message: string): AppError => new AppError(403, message);
export const notFound = (message: string): AppError => new AppError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number): AppError =>
  new AppError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });

/** A failed zod parse as a 400 naming each field, with the schema's own messages. */
export function fromZodError(error: {
  issues: readonly { code: string; path: PropertyKey[]; message: string; keys?: string[] }[];
}): AppError {
  const errors = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return { field: issue.keys.join(', '), message: `Unknown field: ${issue.keys.join(', ')}` };
    }
    return { field: issue.path.map(String).join('.'), message: issue.message };
  });
  return new AppError(400, errors[0]?.message ?? 'Invalid request.', errors);
}
