import { fileTypeFromBuffer } from 'file-type';
import {
  IMPORT_MAX_BYTES,
  SHEET_MAX_ROWS,
  XLSX_MAX_PACKING_RATIO,
  XLSX_MAX_UNPACKED_MB,
  importMessages,
} from '@sp/domain';
import { badRequest, fileRefused } from '../errors.js';
import { TooManyRows, readCsvText } from './read-csv.js';
import { readXlsxSheets } from './read-xlsx.js';
import { checkZipSizes } from './zip-sizes.js';

/** One cell as the import reads it: text (CSV, text cells), a number or a real spreadsheet date. */
export type Cell = string | number | Date | null;

export interface ReadSheetOptions {
  /** Data rows one file may have (D47); the student import passes its own, term results a larger one. */
  maxRows?: number;
  /** What an XLSX may unpack to; a zip's entries are checked against it before the workbook is opened. */
  maxUnpackedMb?: number;
}

/** Rows above the header a file may have (a title line or two) on top of its data rows. */
const HEADER_ROOM = 10;

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** D18: the kind is judged from the bytes, never the name: XLSX is a ZIP, CSV is text. */
export async function readSheet(data: Buffer, options: ReadSheetOptions = {}): Promise<Cell[][]> {
  const sheets = await readWorkbook(data, options);
  return (sheets.find((s) => s.length > 0) ?? sheets[0])!;
}

/** Every sheet of an XLSX workbook in order, or the one table of a CSV file. */
export async function readWorkbook(data: Buffer, options: ReadSheetOptions = {}): Promise<Cell[][][]> {
  const maxRows = options.maxRows ?? SHEET_MAX_ROWS;
  if (data.length === 0) throw badRequest(importMessages.empty, 'file');
  if (data.length > IMPORT_MAX_BYTES) throw fileRefused(413, importMessages.tooLarge);
  try {
    if (startsWith(data, ZIP)) return await readXlsx(data, maxRows, options.maxUnpackedMb);
    if (startsWith(data, OLE)) throw fileRefused(415, importMessages.oldExcel);
    // Any format with a signature (PDF, images, programs …) is not text, even when it is all printable bytes.
    if (await fileTypeFromBuffer(data)) throw fileRefused(415, importMessages.wrongType);
    return [await readCsvText(decodeText(data), maxRows + HEADER_ROOM)];
  } catch (err) {
    if (err instanceof TooManyRows) throw fileRefused(413, importMessages.tooManyRows(maxRows));
    throw err;
  }
}

function decodeText(data: Buffer): string {
  // A NUL byte never occurs in a CSV; images, PDFs and programs have them early on.
  if (data.subarray(0, 8192).includes(0)) throw fileRefused(415, importMessages.wrongType);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Excel on Windows saves "CSV" in the Windows code page, not UTF-8.
    return new TextDecoder('windows-1252').decode(data);
  }
}

async function readXlsx(data: Buffer, maxRows: number, maxUnpackedMb = XLSX_MAX_UNPACKED_MB) {
  const verdict = await checkZipSizes(data, {
    maxUnpackedBytes: maxUnpackedMb * 1024 * 1024,
    maxRatio: XLSX_MAX_PACKING_RATIO,
  });
  if (verdict === 'too-large') throw fileRefused(413, importMessages.unpacksTooLarge(maxUnpackedMb));
  if (verdict === 'unreadable') throw fileRefused(415, importMessages.unreadable);
  let sheets: Cell[][][];
  try {
    sheets = await readXlsxSheets(data, maxRows + HEADER_ROOM);
  } catch (err) {
    if (err instanceof TooManyRows) throw err;
    throw fileRefused(415, importMessages.unreadable);
  }
  if (sheets.length === 0) throw fileRefused(415, importMessages.unreadable);
  return sheets;
}
