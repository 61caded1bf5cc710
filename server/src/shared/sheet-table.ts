import type { Cell } from './read-sheet.js';

/** Header text compared without case, spaces or punctuation ("Date of birth" = "DATE_OF_BIRTH"). */
export function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export const isBlankCell = (cell: Cell | undefined): boolean =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** How far down the header row may be (a title line or two above it is common). */
const HEADER_SEARCH_ROWS = 10;

export interface SheetTable<F extends string> {
  /** The columns found, by field. */
  columns: Map<F, number>;
  /** Every non-blank row under the header, by field; `line` is the spreadsheet's row number. */
  rows: { line: number; cells: Partial<Record<F, Cell>> }[];
}

/**
 * Finds the header row (any of the first ten rows naming at least `minColumns` known columns, in any order)
 * and reads every non-blank row under it. Null when no row looks like a header.
 */
export function sheetTable<F extends string>(
  rows: Cell[][],
  headers: Record<string, F>,
  minColumns = 2,
): SheetTable<F> | null {
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const columns = new Map<F, number>();
    rows[index]?.forEach((cell, col) => {
      const field = typeof cell === 'string' ? headers[normaliseHeader(cell)] : undefined;
      if (field && !columns.has(field)) columns.set(field, col);
    });
    if (columns.size < minColumns) continue;
    const result: SheetTable<F>['rows'] = [];
    for (let i = index + 1; i < rows.length; i++) {
      const row = rows[i] ?? [];
      if (row.every(isBlankCell)) continue;
      const cells: Partial<Record<F, Cell>> = {};
      for (const [field, col] of columns) cells[field] = row[col] ?? null;
      result.push({ line: i + 1, cells });
    }
    return { columns, rows: result };
  }
  return null;
}
