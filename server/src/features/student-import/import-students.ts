import { desc } from 'drizzle-orm';
import {
  IMPORT_PREVIEW_PAGE_SIZE,
  importMessages,
  type ImportHistoryEntry,
  type ImportPreview,
  type ImportPreviewQuery,
  type ImportResult,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { enrolments, studentImports, students } from '../../db/schema.js';
import { refreshStatistics } from '../../db/statistics.js';
import { AppError, badRequest, fileRefused } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { displayFileName } from '../../shared/read-upload.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { loadLookups } from './check-student.js';
import { planImport } from './plan-import.js';
import { readSheet } from '../../shared/read-sheet.js';
import { sheetRows } from './sheet-rows.js';
import { enrolReturning, insertStudents, isUniqueViolation, updateStudents } from './write-students.js';
import { inCurrentYear } from '../../shared/school-years.js';

export interface ImportFile {
  name: string;
  data: Buffer;
}

/** The name as shown in the history. */
function fileName(file: ImportFile | undefined): string {
  if (!file) throw badRequest(importMessages.noFile, 'file');
  return displayFileName(file.name, 'import');
}

/** The file's display name and its rows under the header; refuses what is not a usable CSV or XLSX. */
async function readImportFile(ctx: AppContext, file: ImportFile | undefined) {
  const name = fileName(file);
  const maxRows = ctx.config.IMPORT_MAX_STUDENTS;
  const sheet = await sheetRows(await readSheet(file!.data, { maxRows }));
  // The reader leaves room for a title line or two above the header; the students themselves are capped here.
  if (sheet.length > maxRows) {
    throw fileRefused(413, importMessages.tooManyRows(maxRows));
  }
  return { name, sheet };
}

/**
 * D18: what importing the file would do, with the counts of the whole file and one page of its rows (D47:
 * the answer's size does not grow with the file). Without a status, the rows with errors come first when
 * there are any. Nothing is written.
 */
export async function previewImport(
  ctx: AppContext,
  file: ImportFile | undefined,
  query: ImportPreviewQuery & { pageSize?: number } = {},
): Promise<ImportPreview> {
  const { name, sheet } = await readImportFile(ctx, file);
  const plan = await planImport(ctx.db, sheet, await loadLookups(ctx.db), todayAtSchool(ctx));
  const status = query.status ?? (plan.counts.errors ? 'error' : 'all');
  const matching = status === 'all' ? plan.rows : plan.rows.filter((r) => r.status === status);
  const pageSize = query.pageSize ?? IMPORT_PREVIEW_PAGE_SIZE;
  const page = Math.min(query.page ?? 0, Math.max(0, Math.ceil(matching.length / pageSize) - 1));
  return {
    file_name: name,
    counts: plan.counts,
    status,
    page,
    page_size: pageSize,
    total: matching.length,
    rows: matching.slice(page * pageSize, (page + 1) * pageSize),
  };
}

/**
 * The same file again, read and checked afresh (the server keeps nothing between preview and confirm), then
 * every valid row written in one transaction with the history row and the audit rows. Rows with errors are
 * left out and counted.
 */
export async function importStudents(
  ctx: AppContext,
  actor: Actor,
  file: ImportFile | undefined,
): Promise<ImportResult> {
  const { name, sheet } = await readImportFile(ctx, file);
  const lookups = await loadLookups(ctx.db);
  const now = ctx.clock();
  const detail = { source: 'import', file: name };
  try {
    const counts = await inCurrentYear(
      ctx,
      async (tx, year) => {
        const plan = await planImport(tx, sheet, lookups, todayAtSchool(ctx));
        await insertStudents(tx, actor, plan.additions, now, detail);
        await updateStudents(tx, actor, plan.updates, now, detail);
        await enrolReturning(tx, actor, plan.existing, now, { ...detail, year });
        await tx
          .insert(studentImports)
          .values({ at: now, actor_id: actor.id, file_name: name, ...plan.counts });
        await writeAudit(tx, {
          ...auditActor(actor),
          action: 'import',
          detail: { file: name, ...plan.counts },
          at: now,
        });
        return plan.counts;
      },
      { follow: true },
    );
    // The school has many more students now: plans should know it before the next export or list.
    await refreshStatistics(ctx.db, [students, enrolments]);
    return { message: importMessages.imported(counts), counts };
  } catch (err) {
    // Another import or an addition by hand took one of the new IDs meanwhile.
    if (isUniqueViolation(err)) throw new AppError(409, importMessages.conflict);
    throw err;
  }
}

/** The imports so far, newest first. */
export async function importHistory(ctx: AppContext, limit = 50): Promise<ImportHistoryEntry[]> {
  const rows = await ctx.db.select().from(studentImports).orderBy(desc(studentImports.id)).limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
