import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  hasNoControlCharacters,
  isAbsentWord,
  isValidMark,
  isWellFormedText,
  messages,
  resultMessages,
  tooLong,
} from '@sp/domain';
import type { Cell } from '../../shared/read-sheet.js';

export type FieldError = { field: string; message: string };

/**
 * D40: what one cell of a results file says. `undefined` is a blank cell: nothing entered, so whatever is
 * stored stays. A cell with an error reads as blank too (the row is refused anyway).
 */
export type MarkCell = { mark: number | null; absent: boolean } | undefined;

export function text(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const t = (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)).trim();
  return t === '' ? null : t;
}

/** A mark: blank keeps, ABS (or Absent) is an absence, otherwise 0–100 with one decimal. */
export function markCell(cell: Cell | undefined, field: string, errors: FieldError[]): MarkCell {
  const t = text(cell);
  if (t === null) return undefined;
  if (isAbsentWord(t)) return { mark: null, absent: true };
  const n = typeof cell === 'number' ? cell : Number(t);
  // Spreadsheets store 74.9 as 74.900000000001; one decimal is what a mark has.
  const value = Math.round(n * 10) / 10;
  if (!Number.isFinite(n) || Math.abs(n - value) > 1e-6 || !isValidMark(value)) {
    errors.push({ field, message: resultMessages.mark });
    return undefined;
  }
  return { mark: value, absent: false };
}

/** A count (absences, sessions): blank keeps (undefined). */
export function countCell(cell: Cell | undefined, field: string, errors: FieldError[]): number | undefined {
  const t = text(cell);
  if (t === null) return undefined;
  const n = Number(t);
  if (!Number.isInteger(n) || n < 0 || n > 500) {
    errors.push({ field, message: resultMessages.count });
    return undefined;
  }
  return n;
}

/** A rating or remark: blank keeps (undefined). */
export function wordsCell(
  cell: Cell | undefined,
  field: string,
  max: number,
  errors: FieldError[],
): string | undefined {
  const t = text(cell);
  if (t === null) return undefined;
  if (!hasNoControlCharacters(t)) errors.push({ field, message: messages.controlCharacters });
  else if (!isWellFormedText(t)) errors.push({ field, message: messages.brokenCharacter });
  else if (t.length > max) errors.push({ field, message: tooLong(max) });
  else return t;
  return undefined;
}

/**
 * D47: every row whose key occurs on more than one line gets one shared, capped message. One pass to
 * group (a Map of line lists), one to mark: linear in the rows, however many repeat one key.
 */
export function markDuplicates(
  rows: readonly { key: string | null; line: number; errors: FieldError[] }[],
  message: (lines: number[]) => string,
  field: string,
): void {
  const lines = new Map<string, number[]>();
  for (const r of rows) {
    if (!r.key) continue;
    const list = lines.get(r.key);
    if (list) list.push(r.line);
    else lines.set(r.key, [r.line]);
  }
  const messages = new Map<string, FieldError>();
  for (const r of rows) {
    const found = r.key ? lines.get(r.key) : undefined;
    if (!found || found.length < 2) continue;
    let error = messages.get(r.key!);
    if (!error) messages.set(r.key!, (error = { field, message: message(found) }));
    r.errors.push(error);
  }
}

/** Lets other requests run between chunks of a big file's rows (D47: no long block of the event loop). */
export const breathe = (i: number): Promise<void> | undefined =>
  i > 0 && i % 500 === 0 ? nextTurn() : undefined;
