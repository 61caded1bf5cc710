import { describe, expect, it } from 'vitest';
import { instantFromSchoolTime, schoolTimeOf, termInputSchema } from './term-admin.js';

describe('school time', () => {
  it('reads a typed time as Port of Spain time (UTC−4) and shows it back', () => {
    const at = instantFromSchoolTime('2026-12-01T08:00', 'America/Port_of_Spain');
    expect(at?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(schoolTimeOf(at!.toISOString(), 'America/Port_of_Spain')).toBe('2026-12-01 08:00');
  });
  it('follows a zone with daylight saving', () => {
    expect(instantFromSchoolTime('2026-07-01T08:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(instantFromSchoolTime('2026-01-01T08:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-01T13:00:00.000Z',
    );
  });
  it('refuses what is not a datetime', () => {
    expect(instantFromSchoolTime('tomorrow')).toBeNull();
  });
});

describe('termInputSchema', () => {
  it('accepts a full term and blanks', () => {
    expect(
      termInputSchema.parse({
        year: '2025',
        term: 2,
        start_date: '',
        end_date: null,
        sessions_possible: null,
      }),
    ).toEqual({
      year: 2025,
      term: 2,
      start_date: null,
      end_date: null,
      next_term_start: null,
      sessions_possible: null,
    });
  });
  it('refuses term 4, an impossible date and a next term before the end', () => {
    expect(termInputSchema.safeParse({ year: 2025, term: 4 }).success).toBe(false);
    expect(termInputSchema.safeParse({ year: 2025, term: 1, start_date: '2025-02-30' }).success).toBe(false);
    expect(
      termInputSchema.safeParse({
        year: 2025,
        term: 1,
        end_date: '2025-12-12',
        next_term_start: '2025-12-01',
      }).success,
    ).toBe(false);
  });
});
