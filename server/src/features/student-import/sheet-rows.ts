import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_COLUMNS, REQUIRED_IMPORT_FIELDS, importMessages, type ImportField } from '@sp/domain';
import { AppError } from '../../errors.js';
import type { Cell } from '../../shared/read-sheet.js';

/** One data row of the file, by field; a column the file does not have is absent. */
export interface SheetRow {
  line: number;
  cells: Partial<Record<ImportField, Cell>>;
}

/** Header text → field, compared without case, spaces or punctuation ("Date of birth", "DATE_OF_BIRTH"). */
const HEADERS: Record<string, ImportField> = {
  ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [normalise(c.label), c.name])),
  ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [normalise(c.name), c.name])),
  studentid: 'id',
  surname: 'last_name',
  seano: 'sea_no',
  sea: 'sea_no',
  dob: 'date_of_birth',
  birthdate: 'date_of_birth',
  house: 'house_code',
};

function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const headerField = (cell: Cell): ImportField | undefined =>
  typeof cell === 'string' ? HEADERS[normalise(cell)] : undefined;

const isBlank = (cell: Cell | undefined) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** Rows read per turn of the event loop (D47). */
const TURN = 2000;

/** How far down the header row may be (a title line or two above it is common). */
const HEADER_SEARCH_ROWS = 10;

function findHeader(rows: Cell[][]): { index: number; columns: Map<ImportField, number> } {
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const columns = new Map<ImportField, number>();
    rows[index]?.forEach((cell, col) => {
      const field = headerField(cell);
      if (field && !columns.has(field)) columns.set(field, col);
    });
    if (columns.size >= 2) return { index, columns };
  }
  throw new AppError(400, importMessages.noHeader, [{ field: 'file', message: importMessages.noHeader }]);
}

/** The header found by name in any order, then every non-blank row under it. */
export async function sheetRows(rows: Cell[][]): Promise<SheetRow[]> {
  const { index, columns } = findHeader(rows);
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !columns.has(f));
  if (missing.length) {
    const labels = missing.map((f) => IMPORT_COLUMNS.find((c) => c.name === f)!.label);
    const message = importMessages.missingColumns(labels);
    throw new AppError(400, message, [{ field: 'file', message }]);
  }
  const result: SheetRow[] = [];
  for (let i = index + 1; i < rows.length; i++) {
    if (i % TURN === 0) await nextTurn();
    const row = rows[i] ?? [];
    if (row.every(isBlank)) continue;
    const cells: SheetRow['cells'] = {};
    for (const [field, col] of columns) cells[field] = row[col] ?? null;
    result.push({ line: i + 1, cells });
  }
  if (result.length === 0) {
    throw new AppError(400, importMessages.noRows, [{ field: 'file', message: importMessages.noRows }]);
  }
  return result;
}
