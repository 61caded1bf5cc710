/** An error the client caused or may see: its message is shown to the user as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field?: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string): AppError =>
  new AppError(400, message, [{ ...(field ? { field } : {}), message }]);
export const unauthorized = (message: string): AppError => new AppError(401, message);
export const forbidden = (message: string): AppError => new AppError(403, message);
export const notFound = (message: string): AppError => new AppError(404, message);
export const tooManyRequests = (message: string): AppError => new AppError(429, message);
