import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SHEET_MAX_COLUMNS, TooManyRows } from './read-csv.js';
import type { Cell } from './read-sheet.js';

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellValue(value.result ?? null);
  if ('text' in value) return String(value.text);
  return null;
}

/** The file in small pieces: the unzipper works through what it is handed in one go. */
function* pieces(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += PIECE) yield data.subarray(at, at + PIECE);
}
const PIECE = 16 * 1024;

/**
 * Every sheet of a workbook, read as a stream: rows arrive a chunk at a time (the event loop is free between
 * chunks, where loading the whole workbook held it for seconds) and reading stops at the first row past
 * `maxRowNumber`, so neither time nor memory grows with what the file claims.
 */
export async function readXlsxSheets(data: Buffer, maxRowNumber: number): Promise<Cell[][][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(pieces(data)), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const sheets: Cell[][][] = [];
  for await (const sheet of reader) {
    const rows: Cell[][] = [];
    for await (const row of sheet) {
      if (row.number > maxRowNumber) throw new TooManyRows();
      const values = (row.values as ExcelJS.CellValue[]).slice(1, SHEET_MAX_COLUMNS + 1);
      rows[row.number - 1] = Array.from(values, (v) => cellValue(v ?? null));
    }
    sheets.push(Array.from(rows, (r) => r ?? []));
  }
  return sheets;
}
