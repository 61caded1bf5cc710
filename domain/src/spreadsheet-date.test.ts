import { describe, expect, it } from 'vitest';
import { excelSerialDate, spreadsheetDate } from './spreadsheet-date.js';

describe('spreadsheetDate', () => {
  it('reads yyyy-mm-dd, dd/mm/yyyy and Excel serials', () => {
    expect(spreadsheetDate('2013-04-09')).toBe('2013-04-09');
    expect(spreadsheetDate('9/4/2013')).toBe('2013-04-09');
    expect(spreadsheetDate('09-04-2013')).toBe('2013-04-09');
    expect(spreadsheetDate(41373)).toBe('2013-04-09');
    expect(spreadsheetDate('41373')).toBe('2013-04-09');
    expect(spreadsheetDate(new Date(Date.UTC(2013, 3, 9)))).toBe('2013-04-09');
  });

  it('knows blank from wrong', () => {
    expect(spreadsheetDate('  ')).toBeNull();
    expect(spreadsheetDate(null)).toBeNull();
    expect(spreadsheetDate('31/02/2013')).toBeUndefined();
    expect(spreadsheetDate('2013-13-01')).toBeUndefined();
    expect(spreadsheetDate('April 9')).toBeUndefined();
  });

  it('counts serials from 1899-12-30', () => {
    expect(excelSerialDate(1)).toBe('1899-12-31');
    expect(excelSerialDate(61)).toBe('1900-03-01');
    expect(excelSerialDate(45658.75)).toBe('2025-01-01');
    expect(excelSerialDate(0)).toBeNull();
  });
});
