import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { studentIdLookupSchema } from './auth-schemas.js';
import { fieldSchema } from './student-record.js';
import { studentField } from './student-fields.js';
import { isDateShaped, spreadsheetDate } from './spreadsheet-date.js';
import { termInputSchema } from './term-admin.js';

// The date boxes show the browser's own format, so no message may ask for yyyy-MM-dd.
describe('date messages', () => {
  it('says a registration date is not a real date, in words the picker user understands', () => {
    const schema = fieldSchema(studentField('date_of_birth')!, '2026-11-22');
    const result = schema.safeParse('2013-02-30');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.dateNotReal);
    expect(messages.dateNotReal).toBe('Enter a real date.');
    expect(messages.dateIncomplete).toBe('Enter a real date, with its day, month and year.');
  });

  it('the ID look-up says the same', () => {
    const result = studentIdLookupSchema.safeParse({ first_name: 'A', last_name: 'B', date_of_birth: 'x' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.dateNotReal]);
  });
});

// 31/02/2014 is written the right way but is no day: it is "not a real date" wherever a date is read.
describe('a day that does not exist', () => {
  it('is not a real date in a registration date field', () => {
    const schema = fieldSchema(studentField('date_of_birth')!, '2026-11-22');
    for (const typed of ['31/02/2014', '2014-02-31'])
      expect(schema.safeParse(typed).error?.issues[0]?.message).toBe(messages.dateNotReal);
  });

  it('is not a real date in a term, while text that is no date gets the form to use', () => {
    const term = { year: 2025, term: 1, start_date: '2025-09-01', end_date: '2025-12-12' };
    const bad = (end_date: string) =>
      termInputSchema.safeParse({ ...term, end_date }).error?.issues.map((i) => i.message);
    expect(bad('2026-02-31')).toEqual([messages.dateNotReal]);
    expect(bad('soon')).toEqual(['Use a date as yyyy-MM-dd.']);
  });

  it('is told apart from a cell of an import file that is no date at all', () => {
    expect(spreadsheetDate('31/02/2014')).toBeUndefined();
    expect(isDateShaped('31/02/2014')).toBe(true);
    expect(isDateShaped('31.02.2014')).toBe(true);
    expect(isDateShaped('Feb 31')).toBe(false);
    expect(isDateShaped('28/02/2014') && spreadsheetDate('28/02/2014')).toBe('2014-02-28');
  });
});
