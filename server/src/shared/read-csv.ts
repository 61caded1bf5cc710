import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Cell } from './read-sheet.js';

export class TooManyRows extends Error {}

/** Columns read from each row; a file's columns past these are ignored (no import has half as many). */
export const SHEET_MAX_COLUMNS = 256;
/** Records parsed per turn of the event loop: a few milliseconds of work. */
const TURN = 2000;

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180 records of a CSV text, with the leniency of files saved by hand: rows of any length, a quote inside
 * an unquoted field taken as it is, an unclosed quote running to the end. csv-parse is not used here: it builds
 * an error object (with a copy of its state) for every row whose length differs from the first, even when told
 * to allow it, which made 20,000 short rows cost seconds of a held event loop.
 */
function* records(text: string, delimiter: number): Generator<string[]> {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endOfField = (from: number) => {
    let k = from;
    for (
      let c = text.charCodeAt(k);
      k < n && c !== delimiter && c !== LF && c !== CR;
      c = text.charCodeAt(++k)
    );
    return k;
  };
  while (i < n) {
    const record: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q === -1) {
            value += text.slice(from);
            i = n;
            break;
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
        const end = endOfField(i);
        value += text.slice(i, end);
        i = end;
      } else {
        const end = endOfField(i);
        value = text.slice(i, end);
        i = end;
      }
      if (record.length < SHEET_MAX_COLUMNS) record.push(value);
      if (i < n && text.charCodeAt(i) === delimiter) {
        i++;
        continue;
      }
      break;
    }
    if (text.charCodeAt(i) === CR) i++;
    if (text.charCodeAt(i) === LF) i++;
    yield record;
  }
}

/**
 * Every row of a CSV text, a couple of thousand per turn of the event loop (D47), refused at the first row
 * past `maxRecords` rather than after reading them all.
 */
export async function readCsvText(text: string, maxRecords: number): Promise<Cell[][]> {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  // Excel in many locales separates with semicolons.
  const semicolons = firstLine.match(/;/g)?.length ?? 0;
  const delimiter = semicolons > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: Cell[][] = [];
  for (const record of records(text, delimiter.charCodeAt(0))) {
    if (rows.length >= maxRecords) throw new TooManyRows();
    rows.push(record);
    if (rows.length % TURN === 0) await nextTurn();
  }
  return rows;
}
