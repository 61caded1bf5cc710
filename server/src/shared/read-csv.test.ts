import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFile, csvText } from '@sp/domain';
import { TooManyRows, readCsvText } from './read-csv.js';

/**
 * The import's CSV reader is small and our own (ADR 0028); csv-parse is the reference it must agree with on
 * every well-formed file: quoted delimiters, doubled quotes, line breaks inside quotes, rows of any length.
 */
const ALPHABET = ['a', 'Z', ' ', ',', '"', '\n', '\r\n', 'é', '=', '0']; // ';' would change the sniffed delimiter

function randomRows(seed: number): string[][] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  return Array.from({ length: 1 + next(6) }, () =>
    Array.from({ length: 1 + next(5) }, () =>
      Array.from({ length: next(6) }, () => ALPHABET[next(ALPHABET.length)]).join(''),
    ),
  );
}

describe('readCsvText', () => {
  it('agrees with csv-parse on 2,000 random well-formed files', async () => {
    for (let seed = 1; seed <= 2000; seed++) {
      // Written by the portal's own writer, so every file is RFC 4180 (with formula cells made text).
      const text = csvText(randomRows(seed));
      const reference: string[][] = parse(text, { relax_column_count: true, bom: true });
      expect(await readCsvText(text, 100), JSON.stringify(text)).toEqual(reference);
    }
  });

  it('reads the byte order mark and semicolon files as Excel writes them', async () => {
    expect(await readCsvText(csvFile([['ID', 'Name']]), 10)).toEqual([['ID', 'Name']]);
    expect(await readCsvText('ID;Name\r\n1;"A;B"\r\n', 10)).toEqual([
      ['ID', 'Name'],
      ['1', 'A;B'],
    ]);
  });

  it('stops at the first row past the cap', async () => {
    await expect(readCsvText('a\nb\nc\n', 2)).rejects.toBeInstanceOf(TooManyRows);
    expect(await readCsvText('a\nb\n', 2)).toEqual([['a'], ['b']]);
  });
});
