import { validateHeaderValue } from 'node:http';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download-headers.js';

describe('contentDisposition', () => {
  it('keeps a plain name as it is, attachment or inline', () => {
    expect(contentDisposition('Registration Report.pdf', 'inline')).toBe(
      'inline; filename="Registration Report.pdf"',
    );
    expect(contentDisposition('Import Students.csv')).toBe('attachment; filename="Import Students.csv"');
  });

  it.each([
    ['a name outside ASCII', 'Term Results 2025 Term 1 Ñandú Élan 1Á.csv'],
    ['a name with quotes and a backslash', 'Report "final" \\ draft.pdf'],
    ['a name with both', 'Zoë\'s "best" card 日本.pdf'],
  ])('sends %s as a valid header that reads back as the same name', (_what, name) => {
    const header = contentDisposition(name);
    expect(() => validateHeaderValue('Content-Disposition', header)).not.toThrow();
    // Only ASCII on the wire: the exact name travels percent-encoded in filename*.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(parse(header).type).toBe('attachment');
    expect(parse(header).parameters.filename).toBe(name);
  });
});
