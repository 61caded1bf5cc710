import { describe, expect, it } from 'vitest';
import { postedStamp } from './report-card-list';

describe('when a report was posted', () => {
  it("keeps the school's stamp in English and spells it in Spanish at the same wall-clock time", () => {
    expect(postedStamp('2026-11-25 20:30:00', 'en')).toBe('2026-11-25 20:30:00');
    expect(postedStamp('2026-11-25 20:30:00', 'es')).toMatch(/^25 de noviembre de 2026\D+20:30$/);
    // Late in the evening stays the same day: the time is the school's, read in no other zone.
    expect(postedStamp('2026-12-31 23:59:00', 'es')).toMatch(/^31 de diciembre de 2026\D+23:59$/);
  });

  it('leaves a stamp it cannot read as it came', () => {
    expect(postedStamp('soon', 'es')).toBe('soon');
  });
});
