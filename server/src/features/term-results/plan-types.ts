import type { ResultChange, ResultCounts, ResultPreviewRow } from '@sp/domain';
import type { Db, Tx } from '../../db/client.js';
import type { termResults, termSummaries } from '../../db/schema.js';

export type Conn = Db | Tx;
export type ResultRow = typeof termResults.$inferInsert;
export type SummaryRow = typeof termSummaries.$inferInsert;

/** What changed on one student's subject (or summary), field by field, for the audit. */
export interface PlannedChange {
  student_id: string;
  /** The subject's code, or "Summary". */
  subject: string;
  fields: ResultChange[];
}

export interface ResultPlan {
  rows: ResultPreviewRow[];
  counts: ResultCounts;
  results: ResultRow[];
  summaries: SummaryRow[];
  changes: PlannedChange[];
}
