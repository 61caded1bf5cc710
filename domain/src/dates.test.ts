import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { studentIdLookupSchema } from './auth-schemas.js';
import { fieldSchema } from './student-record.js';
import { studentField } from './student-fields.js';

// The date boxes show the browser's own format, so no message may ask for yyyy-MM-dd.
describe('date messages', () => {
  it('says a registration date is not a real date, in words the picker user understands', () => {
    const schema = fieldSchema(studentField('date_of_birth')!, '2026-11-22');
    const result = schema.safeParse('2013-02-30');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.dateNotReal);
    expect(messages.dateNotReal).toBe('Enter a real date.');
    expect(messages.dateIncomplete).toBe('Enter a full date.');
  });

  it('the ID look-up says the same', () => {
    const result = studentIdLookupSchema.safeParse({ first_name: 'A', last_name: 'B', date_of_birth: 'x' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.dateNotReal]);
  });
});
