/** Day 0 of Excel's 1900 date system is 1899-12-30 (its 1900-02-29 bug shifts every later serial by one). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');

function isoFromParts(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** An Excel serial day number (1 = 1900-01-01) as yyyy-MM-dd; the time of day is dropped. */
export function excelSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A date cell of an import file as yyyy-MM-dd: a real spreadsheet date (read as UTC midnight), an Excel serial
 * number, or text in yyyy-mm-dd, dd/mm/yyyy (the school's way, also with dashes or dots) or a serial. Blank is
 * null; anything else is `undefined` (not a date).
 */
export function spreadsheetDate(value: string | number | Date | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    return isoFromParts(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()) ?? undefined;
  }
  if (typeof value === 'number') return excelSerialDate(value) ?? undefined;
  const text = value.trim();
  if (!text) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (m) return isoFromParts(Number(m[1]), Number(m[2]), Number(m[3])) ?? undefined;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) return isoFromParts(Number(m[3]), Number(m[2]), Number(m[1])) ?? undefined;
  if (/^\d{1,7}(\.\d+)?$/.test(text)) return excelSerialDate(Number(text)) ?? undefined;
  return undefined;
}

/**
 * Text with a date's shape (yyyy-mm-dd, or dd/mm/yyyy with slashes, dashes or dots), whether or not that day
 * exists: 31/02/2014 is written right but is no day, which deserves "not a real date", not the forms again.
 */
export function isDateShaped(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return /^\d{4}-\d{1,2}-\d{1,2}$/.test(text) || /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/.test(text);
}
