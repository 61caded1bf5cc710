import { z } from 'zod';

/** A whole number read from a query string, with one message for every way it can be wrong. */
export function wholeNumberParam(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}
