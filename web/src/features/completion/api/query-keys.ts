import type { CompletionItem } from '@sp/domain';

/**
 * The completion dashboard's cache keys, public to other features (ADR 0033): whatever changes a student
 * invalidates `completionKeys.all`, the figures and every "not done" list.
 */
const completion = ['staff', 'completion'] as const;

/** The dashboard's "not done" choice, which also filters the students table. */
export interface PendingFilter {
  item: CompletionItem;
  /** One class ('' for the students in no class), or null for the whole school. */
  classId: string | null;
}

export const completionKeys = {
  all: completion,
  /** The figures of a school year (undefined: the current one). */
  figures: (year: number | undefined) => [...completion, { year }] as const,
  pending: (filter: PendingFilter, year?: number) => [...completion, 'pending', filter, { year }] as const,
};
