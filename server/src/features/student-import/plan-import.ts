import {
  IMPORT_COLUMNS,
  importMessages,
  listName,
  spreadsheetDate,
  type ImportCounts,
  type ImportField,
  type ImportRow,
  type NewStudent,
} from '@sp/domain';
import { checkStudent, type FieldError, type Lookups } from './check-student.js';
import type { Cell } from '../../shared/read-sheet.js';
import type { SheetRow } from './sheet-rows.js';
import { storedStudents, type StudentChange, type Tx } from './write-students.js';
import type { Db } from '../../db/client.js';

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
      if (date === undefined) known.push({ field, message: importMessages.badDate });
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
}

/**
 * What an import would do, row by row: the checks of a student added by hand, IDs that repeat in the file,
 * then each valid row compared with the stored student (only the columns the file has). Writes nothing.
 */
export async function planImport(
  db: Db | Tx,
  sheet: SheetRow[],
  lookups: Lookups,
  today: string,
): Promise<ImportPlan> {
  const checked = sheet.map((row) => {
    const { input, known } = rowInput(row);
    const text = (f: ImportField) => (typeof input[f] === 'string' ? input[f].trim() : '');
    const name =
      text('last_name') || text('first_name') ? listName(text('first_name'), text('last_name')) : '';
    return { line: row.line, id: text('id'), name, ...checkStudent(input, lookups, today, known) };
  });

  const linesById = new Map<string, number[]>();
  for (const c of checked) if (c.id) linesById.set(c.id, [...(linesById.get(c.id) ?? []), c.line]);
  for (const c of checked) {
    const lines = linesById.get(c.id);
    if (lines && lines.length > 1) {
      c.errors.push({ field: 'id', message: importMessages.duplicateId(lines) });
      c.student = null;
    }
  }

  const present = Object.keys(sheet[0]?.cells ?? {}) as ImportField[];
  const stored = await storedStudents(
    db,
    checked.flatMap((c) => (c.student ? [c.student.id] : [])),
  );
  const plan: ImportPlan = {
    rows: [],
    counts: { added: 0, changed: 0, unchanged: 0, errors: 0 },
    additions: [],
    updates: [],
  };
  for (const { line, id, name, student, errors } of checked) {
    const base = { line, id, name, changes: [] as ImportRow['changes'], errors };
    if (!student) {
      plan.counts.errors++;
      plan.rows.push({ ...base, status: 'error' });
      continue;
    }
    const before = stored.get(student.id);
    if (!before) {
      plan.counts.added++;
      plan.additions.push(student);
      plan.rows.push({ ...base, status: 'new' });
      continue;
    }
    const changes = present
      .filter((f) => f !== 'id' && (student[f] ?? null) !== before[f])
      .map((f) => ({ field: f, from: before[f], to: student[f] ?? null }));
    if (changes.length === 0) {
      plan.counts.unchanged++;
      plan.rows.push({ ...base, status: 'unchanged' });
      continue;
    }
    plan.counts.changed++;
    plan.updates.push({ id: student.id, changes });
    plan.rows.push({
      ...base,
      status: 'changed',
      changes: changes.map((c) => ({ ...c, label: LABELS.get(c.field) ?? c.field })),
    });
  }
  return plan;
}
