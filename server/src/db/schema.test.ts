import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STUDENT_FIELDS } from '@sp/domain';
import { students } from './schema.js';

describe('students table and the field-definition table', () => {
  const columns = getTableColumns(students);

  it('has a column for every field', () => {
    const missing = STUDENT_FIELDS.map((f) => f.name).filter((name) => !(name in columns));
    expect(missing).toEqual([]);
  });

  it('gives text columns the length of the field limit', () => {
    const mismatched = STUDENT_FIELDS.filter(
      (f) => f.maxLength && ['text', 'textarea', 'email'].includes(f.control),
    )
      .map((f) => {
        const column = columns[f.name as keyof typeof columns] as unknown as { length?: number };
        return { name: f.name, field: f.maxLength, column: column.length };
      })
      .filter((x) => x.field !== x.column);
    expect(mismatched).toEqual([]);
  });

  it('stores phones as 7 digits and flags as 0/1 numbers', () => {
    for (const f of STUDENT_FIELDS) {
      const column = columns[f.name as keyof typeof columns] as unknown as {
        length?: number;
        columnType: string;
      };
      if (f.control === 'phone') expect(column.length, f.name).toBe(7);
      if (f.control === 'flag') expect(column.columnType, f.name).toBe('PgSmallInt');
    }
  });
});
