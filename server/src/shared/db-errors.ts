/** True when the error (or its cause, as drivers wrap it) is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
