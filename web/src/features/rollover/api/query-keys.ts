import type { RolloverPreviewQuery } from '@sp/domain';

/** The rollover's cache keys (ADR 0033); the school years are public to the year selector of the staff views. */
const rollover = ['staff', 'rollover'] as const;

export const rolloverKeys = {
  all: rollover,
  /** The preview with the page of students asked for (no parameters: the first page of everyone). */
  preview: (params: RolloverPreviewQuery = {}) => [...rollover, 'preview', params] as const,
  classMoves: [...rollover, 'class-moves'] as const,
};

export const schoolYearKeys = {
  all: ['staff', 'school-years'] as const,
};
