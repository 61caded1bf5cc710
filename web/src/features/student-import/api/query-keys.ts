/** The student import's cache keys (ADR 0033). */
export const importKeys = {
  history: ['staff', 'student-imports'] as const,
};
