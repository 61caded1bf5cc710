import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { academicYearLabel, importMessages } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { enrolments, formClasses } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { displayFileName, type Upload } from '../../shared/read-upload.js';
import { readSheet, type Cell } from '../../shared/read-sheet.js';
import { isBlankCell, sheetTable } from '../../shared/sheet-table.js';
import { inCurrentYear } from '../../shared/school-years.js';

type Field = 'student_id' | 'class';
const HEADERS: Record<string, Field> = {
  studentid: 'student_id',
  id: 'student_id',
  student: 'student_id',
  class: 'class',
  classid: 'class',
  nextclass: 'class',
};
/** Rows named in a refusal; the count says how many more there were. */
const ERRORS_SHOWN = 100;
/** Rows per UPDATE … FROM unnest: bounded statements with a turn of the event loop between them. */
const BATCH = 5000;

export interface ClassListResult {
  file_name: string;
  /** Students given a class for next year. */
  students: number;
  /** Students whose class for next year was cleared (a blank class cell). */
  cleared: number;
}

const text = (cell: Cell | undefined): string =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? '' : String(cell).trim();

/**
 * `POST /api/admin/rollover/class-list`: next year's class per student from a CSV or XLSX file (student_id,
 * class). Every row is checked first: an unknown student or class, or a student named twice, is reported by
 * its line and nothing is written. A blank class clears the student's class for next year.
 */
export async function uploadClassList(
  ctx: AppContext,
  actor: Actor,
  upload: Upload,
): Promise<ClassListResult> {
  const file = upload.file;
  if (!file) throw badRequest(importMessages.empty, 'file');
  const table = sheetTable(await readSheet(file.data), HEADERS);
  if (!table?.columns.has('student_id') || !table.columns.has('class'))
    throw badRequest('The file needs a student_id column and a class column.', 'file');
  const fileName = displayFileName(file.name, 'class list');

  return inCurrentYear(ctx, async (tx, year) => {
    const enrolled = await tx
      .select({ id: enrolments.student_id })
      .from(enrolments)
      .where(eq(enrolments.year, year));
    const classes = await tx.select({ id: formClasses.class_id }).from(formClasses);
    const known = new Set(enrolled.map((r) => r.id));
    // Class names as the school wrote them (2a for 2A) find the class; a file cannot invent a new spelling.
    const classIds = new Map(classes.map((r) => [r.id.toUpperCase(), r.id]));
    const seen = new Map<string, number>();
    const ids: string[] = [];
    const next: (string | null)[] = [];
    const problems: { field: string; message: string }[] = [];
    for (const { line, cells } of table.rows) {
      const id = text(cells.student_id);
      const typed = isBlankCell(cells.class) ? null : text(cells.class);
      const classId = typed === null ? null : (classIds.get(typed.toUpperCase()) ?? typed);
      const say = (message: string) => problems.push({ field: `line ${line}`, message });
      if (!id) say(`Line ${line} has no student ID.`);
      else if (!known.has(id)) say(`Line ${line}: ${id} is not enrolled in ${academicYearLabel(year)}.`);
      else if (seen.has(id)) say(`Line ${line}: ${id} is already on line ${seen.get(id)}.`);
      else if (classId !== null && !classIds.has(classId.toUpperCase()))
        say(`Line ${line}: there is no class ${classId}. Add it in Settings → Classes first.`);
      else {
        seen.set(id, line);
        ids.push(id);
        next.push(classId);
      }
    }
    if (problems.length) {
      const more = problems.length - ERRORS_SHOWN;
      const message = `${problems.length === 1 ? '1 line has a problem' : `${problems.length} lines have problems`}: nothing was saved.${more > 0 ? ` The first ${ERRORS_SHOWN} are listed.` : ''}`;
      throw new AppError(400, message, problems.slice(0, ERRORS_SHOWN));
    }
    if (ids.length === 0) throw badRequest(importMessages.empty, 'file');
    for (let i = 0; i < ids.length; i += BATCH) {
      await nextTurn();
      await tx.execute(sql`
        UPDATE ${enrolments} e SET next_class_id = v.class_id
        FROM unnest(${sql.param(ids.slice(i, i + BATCH))}::varchar[],
                    ${sql.param(next.slice(i, i + BATCH))}::varchar[]) AS v(student_id, class_id)
        WHERE e.student_id = v.student_id AND e.year = ${year}`);
    }
    const cleared = next.filter((c) => c === null).length;
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'rollover_mark',
      field: 'next_class_id',
      detail: { year, file_name: fileName, students: ids.length - cleared, cleared },
      at: ctx.clock(),
    });
    return { file_name: fileName, students: ids.length - cleared, cleared };
  });
}
