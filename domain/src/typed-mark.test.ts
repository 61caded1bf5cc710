import { describe, expect, it } from 'vitest';
import { releaseMessages, releaseTimeFormSchema } from './report-cards.js';
import { markFormSchema, resultMessages } from './term-admin.js';

const read = (stored: string, text: string, cleared = false) =>
  markFormSchema({ course: stored, exam: '' }).safeParse({
    course: { text, cleared },
    exam: { text: '', cleared: false },
  });

describe('a mark typed in the grid (D40)', () => {
  it('reads a number, ABS in any case, a clear, or a blank over nothing stored', () => {
    expect(read('', ' 74.9 ').data).toEqual({ course: 74.9, exam: undefined });
    expect(read('70', 'abs').data?.course).toBe('ABS');
    expect(read('70', '', true).data?.course).toBeNull();
    expect(read('', '').data?.course).toBeUndefined();
  });

  it('refuses a mark out of range, a second decimal, a word, or a blank over a stored mark', () => {
    for (const text of ['101', '74.95', 'seventy'])
      expect(read('', text).error?.issues).toMatchObject([
        { path: ['course', 'text'], message: resultMessages.mark },
      ]);
    expect(read('70', ' ').error?.issues).toMatchObject([
      { path: ['course', 'text'], message: resultMessages.blankMark },
    ]);
  });
});

describe('a scheduled release typed on the school clock', () => {
  it('reads a real day and time, with a space or a T', () => {
    expect(releaseTimeFormSchema.parse({ release_at: '2026-12-01 08:00' })).toEqual({
      release_at: '2026-12-01T08:00',
    });
    expect(releaseTimeFormSchema.parse({ release_at: '2026-12-01T08:00' }).release_at).toBe(
      '2026-12-01T08:00',
    );
  });

  it('refuses a day that does not exist or another way of writing it', () => {
    for (const release_at of ['2026-02-30 08:00', '1/12/2026 8am', '2026-12-01 24:00'])
      expect(releaseTimeFormSchema.safeParse({ release_at }).error?.issues[0]?.message).toBe(
        releaseMessages.format,
      );
  });
});
