import { csvFile } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { pendingRows } from './pending-filter-bar';

describe('the form teacher list', () => {
  it('has a header, one row per student and what is missing, safe to open in a spreadsheet', () => {
    const csv = csvFile(
      pendingRows({ item: 'picture', classId: '1A' }, [
        { id: 'S1', first_name: 'Ann, Marie', last_name: 'Ali', class_id: '1A' },
        { id: 'S2', first_name: '=HYPERLINK("http://x")', last_name: 'Baptiste', class_id: null },
      ]),
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFID,Last Name,First Name,Class,Not done',
      'S1,Ali,"Ann, Marie",1A,Document: Passport Photo',
      `S2,Baptiste,"'=HYPERLINK(""http://x"")",,Document: Passport Photo`,
      '',
    ]);
  });
});
