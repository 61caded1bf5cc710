import { describe, expect, it } from 'vitest';
import { adminLoginSchema, studentIdLookupSchema, studentLoginSchema } from './auth-schemas.js';
import { messages } from './messages.js';
import { isRealDate } from './rules.js';
import { studentUpdateSchema } from './student-record.js';

describe('control characters (D15)', () => {
  const update = studentUpdateSchema('2026-09-01');
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['NEL', '\u0085'],
  ])('refuses %s in text fields', (_name, c) => {
    const result = update.safeParse({ id: 'A1', home_address: `5 Main${c} Road` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.controlCharacters);
    expect(adminLoginSchema.safeParse({ name: `ad${c}min`, password: 'x' }).success).toBe(false);
    expect(studentLoginSchema.safeParse({ student_id: 'A1', password: `pa${c}ss` }).success).toBe(false);
    const lookup = { first_name: `A${c}`, last_name: 'B', date_of_birth: '2013-01-01' };
    expect(studentIdLookupSchema.safeParse(lookup).success).toBe(false);
  });

  it('keeps tab and new lines in a text area', () => {
    expect(update.safeParse({ id: 'A1', medical_history: 'one\ttwo\r\nthree\n' }).success).toBe(true);
  });
});

describe('isRealDate', () => {
  it.each(['2014-13-01', '2014-00-10', '2014-04-00', '2014-99-99', '0000-00-00', '2014-02-30', '2014-4-1'])(
    'refuses %s',
    (d) => expect(isRealDate(d)).toBe(false),
  );
  it.each(['2014-04-01', '2012-02-29', '1950-01-01'])('accepts %s', (d) => expect(isRealDate(d)).toBe(true));
});
