/** A unique-key clash (PostgreSQL 23505), also when the driver error is wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
