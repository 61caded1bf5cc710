import { desc } from 'drizzle-orm';
import { importMessages, type ImportHistoryEntry, type ImportPreview, type ImportResult } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { studentImports } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { displayFileName } from '../../shared/read-upload.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { loadLookups } from './check-student.js';
import { planImport } from './plan-import.js';
import { readSheet } from '../../shared/read-sheet.js';
import { sheetRows } from './sheet-rows.js';
import { insertStudents, isUniqueViolation, updateStudents } from './write-students.js';

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
async function readImportFile(file: ImportFile | undefined) {
  const name = fileName(file);
  return { name, sheet: sheetRows(await readSheet(file!.data)) };
}

/** D18: every row of the file with what importing it would do; nothing is written. */
export async function previewImport(
  ctx: AppContext,
  _actor: Actor,
  file: ImportFile | undefined,
): Promise<ImportPreview> {
  const { name, sheet } = await readImportFile(file);
  const plan = await planImport(ctx.db, sheet, await loadLookups(ctx.db), todayAtSchool(ctx));
  return { file_name: name, counts: plan.counts, rows: plan.rows };
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
  const { name, sheet } = await readImportFile(file);
  const lookups = await loadLookups(ctx.db);
  const now = ctx.clock();
  const detail = { source: 'import', file: name };
  try {
    const counts = await ctx.db.transaction(async (tx) => {
      const plan = await planImport(tx, sheet, lookups, todayAtSchool(ctx));
      await insertStudents(tx, actor, plan.additions, now, detail);
      await updateStudents(tx, actor, plan.updates, now, detail);
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
    });
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
