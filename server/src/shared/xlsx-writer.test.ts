import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, XlsxStreamWriter, type XlsxColumn } from './xlsx-writer.js';

const columns: XlsxColumn[] = [
  { header: 'Name & "Nick"', width: 20 },
  { header: 'Born', width: 12, numFmt: 'yyyy-mm-dd' },
  { header: 'Children', width: 8 },
  { header: 'Updated', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
];

async function read(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('XlsxStreamWriter', () => {
  it('writes a sheet exceljs reads back: text, numbers, dates with their formats, a frozen bold header', async () => {
    const writer = new XlsxStreamWriter(columns, 'Registration Data', new Date('2026-12-01T12:00:00Z'));
    const file = buffer(writer.file);
    await writer.addRows([
      ['Ana <Ali> & co', new Date('2013-04-09T00:00:00Z'), 4, new Date('2026-01-05T10:30:00Z')],
      ['=HYPERLINK("http://x")', null, 0, undefined],
      ['bell\u0007 and 😀', '', Number.NaN, null],
    ]);
    writer.end();
    const sheet = await read(await file);

    expect(sheet.name).toBe('Registration Data');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name & "Nick"', 'Born', 'Children', 'Updated']);
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:D1');
    expect(sheet.getColumn(1).width).toBe(20);

    expect(sheet.getCell('A2').value).toBe('Ana <Ali> & co');
    expect(sheet.getCell('B2').value).toEqual(new Date('2013-04-09T00:00:00Z'));
    expect(sheet.getCell('B2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('C2').value).toBe(4);
    expect(sheet.getCell('D2').value).toEqual(new Date('2026-01-05T10:30:00Z'));
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd hh:mm');
    // Text that looks like a formula stays text.
    expect(sheet.getCell('A3').value).toBe('=HYPERLINK("http://x")');
    expect(sheet.getCell('A3').formula).toBeUndefined();
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toBe(0);
    // A control character XML cannot carry is dropped; a character outside the BMP is kept.
    expect(sheet.getCell('A4').value).toBe('bell and 😀');
    expect(sheet.getCell('B4').value).toBeNull();
    expect(sheet.getCell('C4').value).toBeNull();
    expect(sheet.rowCount).toBe(4);
  });

  it('keeps a cell to Excel’s 32,767 characters and writes an empty sheet with its header', async () => {
    const writer = new XlsxStreamWriter(columns.slice(0, 1), 'Empty', new Date());
    const file = buffer(writer.file);
    await writer.addRows([['x'.repeat(40_000)]]);
    writer.end();
    expect(((await read(await file)).getCell('A2').value as string).length).toBe(32_767);

    const empty = new XlsxStreamWriter(columns, 'Empty', new Date());
    const emptyFile = buffer(empty.file);
    empty.end();
    const sheet = await read(await emptyFile);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getCell('D1').value).toBe('Updated');
  });

  it('waits for a slow reader, and stops waiting when the reader goes away', async () => {
    const writer = new XlsxStreamWriter(columns, 'Sheet', new Date());
    // Text that does not compress, so the deflated file is larger than the streams' buffers.
    const rows = Array.from({ length: 20_000 }, (_, i) => [
      randomBytes(48).toString('base64'),
      null,
      i,
      null,
    ]);
    let settled = false;
    const adding = writer.addRows(rows).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nobody reads the file: the writer holds back instead of buffering the whole sheet.
    expect(settled).toBe(false);
    writer.file.destroy();
    await adding;
    expect(writer.abandoned).toBe(true);
  });

  it('names columns as Excel does', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703, 16_384].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});
