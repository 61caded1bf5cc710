import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * A one-sheet .xlsx written as it streams (ADR 0051): the sheet's XML is built as text, row by row, and
 * deflated by zlib off the main thread through yazl. It writes what the registration export needs and no
 * more: column widths and number formats, a bold header row that stays frozen with a filter on it, and
 * cells that are text (inline strings, never formulas), numbers or dates. exceljs wrote the same workbook
 * at about a tenth of the speed; the tests read this writer's files back with exceljs.
 */

export interface XlsxColumn {
  header: string;
  width: number;
  /** An Excel number format for the column's numbers and dates, e.g. "yyyy-mm-dd". */
  numFmt?: string;
}

export type XlsxCell = string | number | Date | null | undefined;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Text is sent on in pieces of about this many characters. */
const PIECE = 64 * 1024;
/** Excel's limit on the text of one cell. */
const CELL_MAX_CHARS = 32_767;
/** Days from Excel's day 0 (1899-12-30) to 1970-01-01. */
const EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;
/** The styles: 0 plain, 1 the bold header, then one per distinct number format. */
const HEADER_STYLE = 1;
const FIRST_FORMAT_STYLE = 2;
const FIRST_CUSTOM_FORMAT = 164;

/** Characters XML 1.0 cannot carry (controls other than tab and newlines, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string): string => text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** A, B, … Z, AA, AB, … for column numbers from 1. */
export function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

function stylesXml(formats: string[]): string {
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const numFmts = formats
    .map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${escapeXml(code)}"/>`)
    .join('');
  const formatXfs = formats
    .map(
      (_, i) =>
        `<xf numFmtId="${FIRST_CUSTOM_FORMAT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${FIRST_FORMAT_STYLE + formats.length}">` +
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    `${formatXfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

function packageParts(sheetName: string, lastColumn: string): Record<string, string> {
  const sheet = escapeXml(sheetName);
  return {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
      '<bookViews><workbookView/></bookViews>' +
      `<sheets><sheet name="${sheet}" sheetId="1" r:id="rId1"/></sheets>` +
      `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${sheet.replace(/'/g, "''")}'!$A$1:$${lastColumn}$1</definedName></definedNames>` +
      '</workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  };
}

export class XlsxStreamWriter {
  /** The .xlsx file's bytes, as they are made. */
  readonly file: Readable;
  private readonly sheet = new PassThrough();
  private readonly refs: string[];
  private readonly styles: string[];
  private readonly lastColumn: string;
  private rowNumber = 1;

  constructor(columns: XlsxColumn[], sheetName: string, mtime: Date) {
    const formats = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
    this.refs = columns.map((_, i) => columnLetters(i + 1));
    this.styles = columns.map((c) =>
      c.numFmt ? ` s="${FIRST_FORMAT_STYLE + formats.indexOf(c.numFmt)}"` : '',
    );
    this.lastColumn = this.refs.at(-1) ?? 'A';
    const zip = new ZipFile();
    for (const [name, text] of Object.entries(packageParts(sheetName, this.lastColumn))) {
      zip.addBuffer(Buffer.from(text), name, { mtime });
    }
    zip.addBuffer(Buffer.from(stylesXml(formats)), 'xl/styles.xml', { mtime });
    zip.addReadStream(this.sheet, 'xl/worksheets/sheet1.xml', { mtime });
    zip.end();
    // yazl's output is a PassThrough; its types call it a NodeJS.ReadableStream.
    this.file = zip.outputStream as Readable;
    // A reader that goes away (a cancelled download) releases the sheet's buffered text.
    this.file.once('close', () => this.sheet.destroy());

    const cols = columns
      .map((c, i) => {
        const style = c.numFmt ? ` style="${FIRST_FORMAT_STYLE + formats.indexOf(c.numFmt)}"` : '';
        return `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${style}/>`;
      })
      .join('');
    const header = columns
      .map(
        (c, i) =>
          `<c r="${this.refs[i]}1" s="${HEADER_STYLE}" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`,
      )
      .join('');
    this.sheet.write(
      `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
        '<sheetViews><sheetView workbookViewId="0">' +
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols>` +
        `<sheetData><row r="1">${header}</row>`,
    );
  }

  private cell(index: number, row: number, value: XlsxCell): string {
    if (value === null || value === undefined) return '';
    const ref = `${this.refs[index]}${row}`;
    if (typeof value === 'string') {
      if (value === '') return '';
      const text = escapeXml(value.length > CELL_MAX_CHARS ? value.slice(0, CELL_MAX_CHARS) : value);
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
    }
    const number = typeof value === 'number' ? value : value.getTime() / DAY_MS + EPOCH_DAYS;
    if (!Number.isFinite(number)) return '';
    return `<c r="${ref}"${this.styles[index]}><v>${number}</v></c>`;
  }

  /** Adds rows, a value per column; resolves once the file's reader is ready for more (or has gone). */
  async addRows(rows: XlsxCell[][]): Promise<void> {
    let text = '';
    for (const values of rows) {
      const row = ++this.rowNumber;
      let cells = '';
      for (let i = 0; i < this.refs.length; i++) cells += this.cell(i, row, values[i]);
      text += `<row r="${row}">${cells}</row>`;
      if (text.length >= PIECE) {
        await this.send(text);
        text = '';
      }
    }
    if (text) await this.send(text);
  }

  private async send(text: string): Promise<void> {
    if (this.file.destroyed || this.sheet.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.sheet.off('drain', done);
        this.file.off('close', done);
        resolve();
      };
      this.sheet.once('drain', done);
      this.file.once('close', done);
    });
  }

  /** Whether the file's reader has gone (a cancelled download): nothing more need be written. */
  get abandoned(): boolean {
    return this.file.destroyed;
  }

  /** Closes the sheet; the file ends once its last bytes are deflated. */
  end(): void {
    if (this.sheet.writableEnded) return;
    this.sheet.end(`</sheetData><autoFilter ref="A1:${this.lastColumn}1"/></worksheet>`);
  }
}
