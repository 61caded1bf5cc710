import { z } from 'zod';

/** The largest id a database `integer`/`serial` column holds: a larger one cannot name a row. */
export const ID_MAX = 2_147_483_647;

/**
 * Plain decimal digits only. `Number()` would also take `0x1`, `1e3`, ` 1`, `+1` and `1 ` as numbers, so
 * one row would answer to many addresses; the length bound keeps a 400-digit value from being parsed.
 */
const DIGITS = /^[0-9]{1,16}$/;

/**
 * A whole number read from a path or query string, with one message for every way it can be wrong.
 * A number (from code, not a URL) is taken as it is; text must be plain digits.
 */
export function wholeNumberParam(message: string, min: number, max = ID_MAX) {
  const bounded = z.number({ error: message }).int(message).min(min, message).max(max, message);
  const digits = z.string({ error: message }).regex(DIGITS, message).transform(Number).pipe(bounded);
  return z.union([bounded, digits], { error: message });
}

/** An id in a path or query string: digits only, 1 to 2,147,483,647. */
export const idParam = (message: string) => wholeNumberParam(message, 1, ID_MAX);

/** `{ id }` route parameters, for every route whose path names a row by its number. */
export const idParamsSchema = (message: string) => z.strictObject({ id: idParam(message) });
