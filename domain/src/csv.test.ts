import { describe, expect, it } from 'vitest';
import { UTF8_BOM, csvFile, csvText } from './csv.js';

describe('csvText (D45)', () => {
  it('quotes by RFC 4180 and ends every record with CRLF', () => {
    expect(csvText([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      '"a,b","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"\r\n`],
    ['+1', "'+1\r\n"],
    ['-2+3', "'-2+3\r\n"],
    ['@SUM(A1)', "'@SUM(A1)\r\n"],
    ['\tcmd', "'\tcmd\r\n"],
    ['\rcmd', `"'\rcmd"\r\n`],
  ])('makes %j text for a spreadsheet', (cell, written) => {
    expect(csvText([[cell]])).toBe(written);
  });

  it('leaves ordinary text, numbers and empty cells alone', () => {
    expect(csvText([['José', 42, null, undefined, '']])).toBe('José,42,,,\r\n');
  });

  it('writes tab-separated text for a clipboard', () => {
    expect(csvText([['a', '=b']], '\t')).toBe("a\t'=b\r\n");
  });

  it('puts a byte order mark before a file', () => {
    expect(csvFile([['x']])).toBe(`${UTF8_BOM}x\r\n`);
  });
});
