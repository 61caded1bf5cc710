import { describe, expect, it } from 'vitest';
import { pendingCsv } from './pending-filter-bar';

describe('the form teacher list', () => {
  it('is a CSV with a header, one row per student and what is missing, quoting where needed', () => {
    const csv = pendingCsv({ item: 'picture', classId: '1A' }, [
      { id: 'S1', first_name: 'Ann, Marie', last_name: 'Ali', class_id: '1A' },
      { id: 'S2', first_name: 'Ben', last_name: 'Baptiste', class_id: null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'ID,Last Name,First Name,Class,Not done',
      'S1,Ali,"Ann, Marie",1A,Document: Passport Photo',
      'S2,Baptiste,Ben,,Document: Passport Photo',
      '',
    ]);
  });
});
