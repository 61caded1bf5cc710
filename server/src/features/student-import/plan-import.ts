import {
  IMPORT_COLUMNS,
  importMessages,
  isDateShaped,
  listName,
  messages,
  spreadsheetDate,
  type ImportCounts,
  type ImportField,
  type ImportRow,
  type NewStudent,
} from '@sp/domain';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { checkStudent, checkStudentUpdate, type FieldError, type Lookups } from './check-student.js';
import type { Cell } from '../../shared/read-sheet.js';
import { isBlankCell } from '../../shared/sheet-table.js';
import type { SheetRow } from './sheet-rows.js';
import { storedStudents, type StudentChange } from './write-students.js';
import type { Db, Tx } from '../../db/client.js';

const DATE_FIELDS = new Set<ImportField>(['date_of_birth', 'entry_date']);
const LABELS = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.name, c.label]));

function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (cell instanceof Date) return spreadsheetDate(cell) ?? null;
  return String(cell);
}

/** A file row as the schema's input: dates read in any of the accepted forms, everything else as text. */
function rowInput(row: SheetRow): { input: Partial<Record<ImportField, unknown>>; known: FieldError[] } {
  const input: Partial<Record<ImportField, unknown>> = {};
  const known: FieldError[] = [];
  for (const [field, cell] of Object.entries(row.cells) as [ImportField, Cell][]) {
    if (!DATE_FIELDS.has(field)) input[field] = cellText(cell);
    else {
      const date = spreadsheetDate(cell);
      if (date === undefined)
        known.push({ field, message: isDateShaped(cell) ? messages.dateNotReal : importMessages.badDate });
      else input[field] = date;
    }
  }
  return { input, known };
}

export interface ImportPlan {
  rows: ImportRow[];
  counts: ImportCounts;
  additions: NewStudent[];
  updates: StudentChange[];
  /** Stored students named by a valid row, changed or not: one with no enrolment this year is enrolled again. */
  existing: string[];
}

/** Rows checked per turn of the event loop (D47): a 20,000-row file never holds it for long. */
const TURN = 500;

/** D43: a blank cell of a stored student's row says nothing, so it is left out and the stored value stays. */
function filledOnly(input: Partial<Record<ImportField, unknown>>): Partial<Record<ImportField, unknown>> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => !isBlankCell(v as Cell | undefined)));
}

/** Each repeated ID's row numbers, grouped in one pass; its message is made once and shared by its rows. */
function duplicateMessages(rows: readonly { id: string; line: number }[]): Map<string, string> {
  const linesById = new Map<string, number[]>();
  for (const { id, line } of rows) {
    if (!id) continue;
    const lines = linesById.get(id);
    if (lines) lines.push(line);
    else linesById.set(id, [line]);
  }
  const messages = new Map<string, string>();
  for (const [id, lines] of linesById)
    if (lines.length > 1) messages.set(id, importMessages.duplicateId(lines));
  return messages;
}

/**
 * What an import would do, row by row: IDs that repeat in the file; a new student's row gets the checks of a
 * student added by hand; a stored student's row is checked and compared on its filled cells only (D43: a
 * blank cell, or a column the file lacks, keeps the stored value). Writes nothing.
 */
export async function planImport(
  db: Db | Tx,
  sheet: SheetRow[],
  lookups: Lookups,
  today: string,
): Promise<ImportPlan> {
  const read = [];
  for (const [index, row] of sheet.entries()) {
    if (index % TURN === TURN - 1) await nextTurn();
    const { input, known } = rowInput(row);
    const text = (f: ImportField) => (typeof input[f] === 'string' ? input[f].trim() : '');
    const name =
      text('last_name') || text('first_name') ? listName(text('first_name'), text('last_name')) : '';
    read.push({ line: row.line, id: text('id'), name, input, known });
  }
  const duplicates = duplicateMessages(read);
  const stored = await storedStudents(db, [
    ...new Set(read.flatMap((r) => (r.id && !duplicates.has(r.id) ? [r.id] : []))),
  ]);
  const plan: ImportPlan = {
    rows: [],
    counts: { added: 0, changed: 0, unchanged: 0, errors: 0 },
    additions: [],
    updates: [],
    existing: [],
  };
  for (const [index, { line, id, name, input, known }] of read.entries()) {
    if (index % TURN === TURN - 1) await nextTurn();
    const error = (errors: FieldError[]) => {
      plan.counts.errors++;
      plan.rows.push({ line, id, name, status: 'error', changes: [], errors });
    };
    const duplicate = duplicates.get(id);
    const before = stored.get(id);
    if (!before) {
      const { student, errors } = checkStudent(input, lookups, today, known);
      if (duplicate) errors.push({ field: 'id', message: duplicate });
      if (!student || duplicate) {
        error(errors);
        continue;
      }
      plan.counts.added++;
      plan.additions.push(student);
      plan.rows.push({ line, id, name, status: 'new', changes: [], errors: [] });
      continue;
    }
    const { student, errors } = checkStudentUpdate(filledOnly(input), lookups, today, known);
    if (!student) {
      error(errors);
      continue;
    }
    plan.existing.push(id);
    const changes = (Object.keys(student) as ImportField[])
      .filter((f) => f !== 'id' && student[f] !== undefined && student[f] !== before[f])
      .map((f) => ({ field: f, from: before[f], to: student[f] ?? null }));
    if (changes.length === 0) {
      plan.counts.unchanged++;
      plan.rows.push({ line, id, name, status: 'unchanged', changes: [], errors: [] });
      continue;
    }
    plan.counts.changed++;
    plan.updates.push({ id, changes });
    plan.rows.push({
      line,
      id,
      name,
      status: 'changed',
      changes: changes.map((c) => ({ ...c, label: LABELS.get(c.field) ?? c.field })),
      errors: [],
    });
  }
  return plan;
}
