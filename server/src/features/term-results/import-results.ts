import { sql } from 'drizzle-orm';
import { importMessages, resultMessages, type ResultImport, type ResultPreview } from '@sp/domain';
import { auditActor, writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { termResults, termSummaries } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { readWorkbook } from '../../shared/read-sheet.js';
import { displayFileName } from '../../shared/read-upload.js';
import { planResults, type ResultPlan } from './plan-results.js';
import { termFile } from './results-file.js';
import { findTerm } from './terms.js';

export interface TermUpload {
  name: string;
  data: Buffer;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function readTermFile(file: TermUpload | undefined) {
  if (!file) throw badRequest(importMessages.noFile, 'file');
  return { name: displayFileName(file.name, 'results'), file: termFile(await readWorkbook(file.data)) };
}

/** Every row of a term's results file with what importing it would do; nothing is written. */
export async function previewResults(
  ctx: AppContext,
  _actor: Actor,
  termId: number,
  upload: TermUpload | undefined,
): Promise<ResultPreview> {
  await findTerm(ctx, termId);
  const { name, file } = await readTermFile(upload);
  const plan = await planResults(ctx.db, termId, file);
  return { file_name: name, counts: plan.counts, rows: plan.rows };
}

/** Rows per statement: 13 columns × 1,000 rows stays well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;
function* batches<T>(list: readonly T[]): Generator<T[]> {
  for (let i = 0; i < list.length; i += BATCH) yield list.slice(i, i + BATCH);
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/** Inserts or replaces results and summaries, a thousand rows per statement. */
export async function writeResults(tx: Tx, plan: Pick<ResultPlan, 'results' | 'summaries'>): Promise<void> {
  const resultColumns = [
    'class_id',
    'course_mark',
    'exam_mark',
    'total',
    'grade',
    'absences',
    'lateness',
    'application',
    'conduct',
    'teacher_remark',
  ] as const;
  for (const rows of batches(plan.results)) {
    await tx
      .insert(termResults)
      .values(rows)
      .onConflictDoUpdate({
        target: [termResults.student_id, termResults.term_id, termResults.subject_id],
        set: Object.fromEntries(resultColumns.map((c) => [c, excluded(c)])),
      });
  }
  const summaryColumns = [
    'class_id',
    'form_level',
    'sessions_present',
    'sessions_possible',
    'ratings',
    'form_teacher_remark',
    'dean_remark',
  ] as const;
  for (const rows of batches(plan.summaries)) {
    await tx
      .insert(termSummaries)
      .values(rows)
      .onConflictDoUpdate({
        target: [termSummaries.student_id, termSummaries.term_id],
        set: Object.fromEntries(summaryColumns.map((c) => [c, excluded(c)])),
      });
  }
}

/**
 * The same file again, read and checked afresh inside the transaction, then every valid row written (an
 * upsert) with one audit row for the import and one per changed result. Rows with errors are left out.
 */
export async function importResults(
  ctx: AppContext,
  actor: Actor,
  termId: number,
  upload: TermUpload | undefined,
): Promise<ResultImport> {
  const term = await findTerm(ctx, termId);
  const { name, file } = await readTermFile(upload);
  const now = ctx.clock();
  const counts = await ctx.db.transaction(async (tx) => {
    const plan = await planResults(tx, termId, file);
    await writeResults(tx, plan);
    const counts = {
      results: plan.results.length,
      summaries: plan.summaries.length,
      errors: plan.counts.errors,
    };
    const who = auditActor(actor);
    const changes: AuditEntry[] = plan.changes.map((c) => ({
      ...who,
      action: 'term_result_update',
      studentId: c.student_id,
      field: c.subject,
      oldValue: JSON.stringify(c.from),
      newValue: JSON.stringify(c.to),
      detail: { term_id: termId, source: 'import', file: name },
      at: now,
    }));
    await writeAudit(tx, {
      ...who,
      action: 'term_results_import',
      detail: { term_id: termId, year: term.year, term: term.term, file: name, ...plan.counts },
      at: now,
    });
    for (const entries of batches(changes)) await writeAudit(tx, entries);
    return counts;
  });
  return { message: resultMessages.imported(counts), counts };
}
