/** The report cards' cache keys (ADR 0033). */
const reads = ['staff', 'report-card-reads'] as const;

export const reportCardKeys = {
  studentTerms: (studentId: string) => ['report-card-terms', studentId] as const,
  reads,
  termReads: (year: number, term: number) => [...reads, year, term] as const,
  jobs: (year: number, term: number) => ['staff', 'report-card-jobs', year, term] as const,
};
