// The browser build is the one that runs in both places: the package's Node build reaches for Buffer.
import { stringify } from 'csv-stringify/browser/esm/sync';

/** A cell of a CSV the portal writes: text or a number; null and undefined are empty. */
export type CsvCell = string | number | null | undefined;

/** Excel, Numbers and LibreOffice read UTF-8 as UTF-8 only after this mark ("José", not "JosÃ©"). */
export const UTF8_BOM = '\uFEFF';

/**
 * Every CSV, TSV and clipboard list the portal makes (D45): RFC 4180 quoting, CRLF line ends, and a cell that
 * starts with `=`, `+`, `-`, `@`, tab or carriage return prefixed with `'` so a spreadsheet shows it as text
 * instead of running it as a formula (https://owasp.org/www-community/attacks/CSV_Injection). Names and
 * addresses are typed by families, so any of them can start that way.
 */
export function csvText(rows: readonly (readonly CsvCell[])[], delimiter: ',' | '\t' = ','): string {
  return stringify(
    rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))),
    // A line break of either kind inside a cell is quoted: the library quotes only its own record delimiter.
    { delimiter, escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** A file to download: the same text behind a UTF-8 byte order mark. */
export function csvFile(rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + csvText(rows);
}
