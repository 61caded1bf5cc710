import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { IMPORT_MAX_BYTES, importMessages } from '@sp/domain';
import { AppError, badRequest } from '../errors.js';

/** One cell as the import reads it: text (CSV, text cells), a number or a real spreadsheet date. */
export type Cell = string | number | Date | null;

const refuse = (status: number, message: string) =>
  new AppError(status, message, [{ field: 'file', message }]);

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** D18: the kind is judged from the bytes, never the name: XLSX is a ZIP, CSV is text. */
export async function readSheet(data: Buffer): Promise<Cell[][]> {
  const sheets = await readWorkbook(data);
  return (sheets.find((s) => s.length > 0) ?? sheets[0])!;
}

/** Every sheet of an XLSX workbook in order, or the one table of a CSV file. */
export async function readWorkbook(data: Buffer): Promise<Cell[][][]> {
  if (data.length === 0) throw badRequest(importMessages.empty, 'file');
  if (data.length > IMPORT_MAX_BYTES) throw refuse(413, importMessages.tooLarge);
  if (startsWith(data, ZIP)) return readXlsx(data);
  if (startsWith(data, OLE)) throw refuse(415, importMessages.oldExcel);
  // Any format with a signature (PDF, images, programs …) is not text, even when it is all printable bytes.
  if (await fileTypeFromBuffer(data)) throw refuse(415, importMessages.wrongType);
  return [readCsv(decodeText(data))];
}

function decodeText(data: Buffer): string {
  // A NUL byte never occurs in a CSV; images, PDFs and programs have them early on.
  if (data.subarray(0, 8192).includes(0)) throw refuse(415, importMessages.wrongType);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Excel on Windows saves "CSV" in the Windows code page, not UTF-8.
    return new TextDecoder('windows-1252').decode(data);
  }
}

function readCsv(text: string): Cell[][] {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  // Excel in many locales separates with semicolons.
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch {
    throw refuse(415, importMessages.wrongType);
  }
}

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellValue(value.result ?? null);
  if ('text' in value) return String(value.text);
  return null;
}

async function readXlsx(data: Buffer): Promise<Cell[][][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuse(415, importMessages.unreadable);
  }
  if (workbook.worksheets.length === 0) throw refuse(415, importMessages.unreadable);
  return workbook.worksheets.map(sheetCells);
}

function sheetCells(sheet: ExcelJS.Worksheet): Cell[][] {
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  return Array.from(rows, (r) => r ?? []);
}
