import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CLASS_LABEL,
  RESULT_COLUMNS,
  RESULT_PREVIEW_PAGE_SIZE,
  ROW_ERRORS_MAX,
  SUMMARY_COLUMNS,
  importMessages,
  resultMessages,
  type ResultImport,
  type ResultPreview,
  type ResultPreviewRow,
} from '@sp/domain';
import { auditActor, writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { insertJsonRows } from '../../db/json-rows.js';
import { termResults, termSummaries } from '../../db/schema.js';
import { refreshStatistics } from '../../db/statistics.js';
import { badRequest, fileRefused } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { readWorkbook } from '../../shared/read-sheet.js';
import { displayFileName } from '../../shared/read-upload.js';
import { classScope } from './class-scope.js';
import { planResults, type ResultPlan } from './plan-results.js';
import { termFile } from './results-file.js';
import { findTerm } from './terms.js';

export interface TermUpload {
  name: string;
  data: Buffer;
}

async function readTermFile(ctx: AppContext, file: TermUpload | undefined) {
  if (!file) throw badRequest(importMessages.noFile, 'file');
  const maxRows = ctx.config.IMPORT_MAX_RESULT_ROWS;
  const sheets = termFile(await readWorkbook(file.data, { maxRows }));
  // D47: a file past the cap is refused before a row is checked.
  if ((sheets.results?.rows.length ?? 0) > maxRows || (sheets.summaries?.rows.length ?? 0) > maxRows) {
    throw fileRefused(413, resultMessages.tooManyRows(maxRows));
  }
  return { name: displayFileName(file.name, 'results'), file: sheets };
}

/** Errors first, then what the import changes, then the rest; in file order within each (a bucket pass). */
const ORDER: ResultPreviewRow['status'][] = ['error', 'changed', 'new', 'unchanged', 'blank'];
function pageOf(rows: ResultPreviewRow[], page: number): ResultPreviewRow[] {
  const buckets = new Map(ORDER.map((s) => [s, [] as ResultPreviewRow[]]));
  for (const r of rows) buckets.get(r.status)!.push(r);
  const sorted = ORDER.flatMap((s) => buckets.get(s)!);
  return sorted
    .slice((page - 1) * RESULT_PREVIEW_PAGE_SIZE, page * RESULT_PREVIEW_PAGE_SIZE)
    .map((r) => (r.errors.length > ROW_ERRORS_MAX ? { ...r, errors: r.errors.slice(0, ROW_ERRORS_MAX) } : r));
}

/** Every row of a term's results file with what importing it would do; nothing is written. */
export async function previewResults(
  ctx: AppContext,
  actor: Actor,
  termId: number,
  upload: TermUpload | undefined,
  page = 1,
): Promise<ResultPreview> {
  await findTerm(ctx, termId);
  const { name, file } = await readTermFile(ctx, upload);
  const plan = await planResults(ctx.db, termId, file, await classScope(ctx.db, actor));
  return {
    file_name: name,
    counts: plan.counts,
    rows: pageOf(plan.rows, page),
    total_rows: plan.rows.length,
    page,
    page_size: RESULT_PREVIEW_PAGE_SIZE,
  };
}

const FIELD_LABELS = new Map<string, string>([
  ...[...RESULT_COLUMNS, ...SUMMARY_COLUMNS].map((c): [string, string] => [c.name, c.label]),
  ['class_id', CLASS_LABEL],
]);
/** "2025 Term 1 MATH Exam Mark": the history names the term, the subject and the field. */
export const auditField = (term: { year: number; term: number }, subject: string, field: string) =>
  `${term.year} Term ${term.term} ${subject} ${FIELD_LABELS.get(field) ?? field}`;

/** Changed results turned into audit rows between turns of the event loop. */
const CHANGES_SLICE = 4000;

/** Inserts or replaces results and summaries, one statement per few thousand rows. */
export async function writeResults(tx: Tx, plan: Pick<ResultPlan, 'results' | 'summaries'>): Promise<void> {
  await insertJsonRows(tx, termResults, plan.results, {
    target: ['student_id', 'term_id', 'subject_id'],
    update: [
      'class_id',
      'course_mark',
      'exam_mark',
      'course_absent',
      'exam_absent',
      'total',
      'grade',
      'absences',
      'lateness',
      'application',
      'conduct',
      'teacher_remark',
    ],
  });
  await insertJsonRows(tx, termSummaries, plan.summaries, {
    target: ['student_id', 'term_id'],
    update: [
      'class_id',
      'form_level',
      'sessions_present',
      'sessions_possible',
      'ratings',
      'form_teacher_remark',
      'dean_remark',
    ],
  });
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
  const { name, file } = await readTermFile(ctx, upload);
  const now = ctx.clock();
  const counts = await ctx.db.transaction(async (tx) => {
    const plan = await planResults(tx, termId, file, await classScope(tx, actor));
    await writeResults(tx, plan);
    const counts = {
      results: plan.results.length,
      summaries: plan.summaries.length,
      errors: plan.counts.errors,
    };
    const who = auditActor(actor);
    // One row per changed field with its old and new value, so the student's history reads them: built a
    // slice at a time, as a whole school's changed term (48,000 rows) took 35 ms in one go.
    const changes: AuditEntry[] = [];
    for (const [i, c] of plan.changes.entries()) {
      if (i > 0 && i % CHANGES_SLICE === 0) await nextTurn();
      for (const f of c.fields)
        changes.push({
          ...who,
          action: 'term_result_update',
          studentId: c.student_id,
          field: auditField(term, c.subject, f.field),
          oldValue: f.from || null,
          newValue: f.to || null,
          detail: { term_id: termId, subject: c.subject, column: f.field, source: 'import', file: name },
          at: now,
        });
    }
    await writeAudit(tx, {
      ...who,
      action: 'term_results_import',
      detail: { term_id: termId, year: term.year, term: term.term, file: name, ...plan.counts },
      at: now,
    });
    await writeAudit(tx, changes);
    return counts;
  });
  await refreshStatistics(ctx.db, [termResults, termSummaries]);
  return { message: resultMessages.imported(counts), counts };
}
