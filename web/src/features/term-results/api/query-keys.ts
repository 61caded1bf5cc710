/**
 * The terms' cache keys, public to other features (ADR 0033): `termKeys.all` holds the terms, each term's
 * grids and what other features keep about a term (its posting), so whatever changes a term's results or
 * posting invalidates it once.
 */
const terms = ['staff', 'terms'] as const;

export const termKeys = {
  all: terms,
  grid: (termId: number, classId: string) => [...terms, termId, 'grid', classId] as const,
  /** A key of one term's data, for the features that show it. */
  term: (termId: number) => [...terms, termId] as const,
  subjects: ['staff', 'subjects'] as const,
  resultClasses: ['staff', 'term-results', 'classes'] as const,
};
