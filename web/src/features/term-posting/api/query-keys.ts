import { termKeys } from '../../term-results/api/query-keys';

/** Under the terms' key, so a posting, a release or imported results refresh both features (ADR 0033). */
export const postingKeys = {
  posted: [...termKeys.all, 'posted'] as const,
  missing: (termId: number) => [...termKeys.term(termId), 'missing'] as const,
};
