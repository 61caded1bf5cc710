import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { and, asc, count, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { ExportQuery } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { formClasses, registrationProgress, students } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { loadLookupNames } from '../../shared/lookup-names.js';
import { progressOfStudent } from '../../shared/registration-progress.js';
import { XlsxStreamWriter } from '../../shared/xlsx-writer.js';
import { yearView, type YearReader } from '../../shared/year-view.js';
import { exportColumns, type ExportColumn, type ExportRow } from './export-columns.js';

/** Students read per query: a batch of full rows is a few hundred kilobytes, whatever the school's size. */
const BATCH_SIZE = 500;

async function filterOf(ctx: AppContext, query: ExportQuery, enrolled: SQL): Promise<SQL | undefined> {
  if (query.class_id) {
    const [known] = await ctx.db
      .select({ id: formClasses.class_id })
      .from(formClasses)
      .where(eq(formClasses.class_id, query.class_id));
    if (!known) throw badRequest('Unknown class.', 'class_id');
  }
  return and(
    enrolled,
    query.form_level === undefined ? undefined : eq(formClasses.form_level, query.form_level),
    query.class_id === undefined ? undefined : eq(students.class_id, query.class_id),
    query.include_withdrawn === '1' ? undefined : isNull(students.withdrawn_at),
  );
}

const fromStudents = (db: YearReader) =>
  db
    .select({ student: students, form_level: formClasses.form_level, progress: registrationProgress })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .leftJoin(registrationProgress, progressOfStudent);

/** Reads the students in ID order, a batch at a time (keyset paging), and writes each batch as it comes. */
async function writeWorkbook(
  db: YearReader,
  where: SQL | undefined,
  columns: ExportColumn[],
  writer: XlsxStreamWriter,
): Promise<void> {
  let after = '';
  for (;;) {
    const batch: ExportRow[] = await fromStudents(db)
      .where(and(where, gt(students.id, after)))
      .orderBy(asc(students.id))
      .limit(BATCH_SIZE);
    // Resolves once the download has taken the rows in, so a slow one does not pile rows up in memory.
    await writer.addRows(batch.map((row) => columns.map((c) => c.value(row))));
    // The download was cancelled: stop reading.
    if (batch.length < BATCH_SIZE || writer.abandoned) break;
    after = batch[batch.length - 1]!.student.id;
    // A turn of the event loop between batches: the embedded database answers without yielding.
    await nextTurn();
  }
  writer.end();
}

/**
 * The registration data of every student, or of a form level or class, as a spreadsheet streamed while it
 * is written (D18). Withdrawn students are left out unless asked for (D29). The export is audited before
 * the first byte is sent, with the filters and the number of students it holds (D8). The current year's
 * students, or a closed year's records as they were frozen (D49).
 */
export async function exportStudents(ctx: AppContext, actor: Actor, query: ExportQuery): Promise<Readable> {
  const view = await yearView(ctx.db, query.year);
  const where = await filterOf(ctx, query, view.enrolled);
  const [counted] = await view.db
    .select({ n: count() })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .where(where);
  await writeAudit(ctx.db, {
    ...auditActor(actor),
    action: 'export',
    detail: { filters: query, rows: counted?.n ?? 0 },
    at: ctx.clock(),
  });
  const names = await loadLookupNames(ctx.db);
  const columns = exportColumns(names, ctx.config.SCHOOL_TIMEZONE, query.include_withdrawn === '1');
  const writer = new XlsxStreamWriter(columns, 'Registration Data', ctx.clock());
  writeWorkbook(view.db, where, columns, writer).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'registration data export failed');
    writer.file.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return writer.file;
}
