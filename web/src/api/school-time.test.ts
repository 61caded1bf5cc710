import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schoolTimeIn } from './school-time';

// The browser runs on Kiritimati (UTC+14), as far from the school (Port of Spain, UTC−4) as a clock can be:
// a day and a year boundary fall on different instants there.
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

const school = schoolTimeIn('America/Port_of_Spain');
const at = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });

describe("the school's clock on a browser in another zone", () => {
  it('reads 07:00 typed at the school as 11:00 UTC, and shows that instant as 07:00', () => {
    expect(new Date(2026, 11, 1, 7).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(school.instant('2026-12-01T07:00')?.toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(school.minutes('2026-12-01T11:00:00.000Z')).toBe('2026-12-01 07:00');
    expect(school.seconds('2026-12-01T11:00:05.000Z')).toBe('2026-12-01 07:00:05');
    expect(school.spelled('2026-12-01T11:00:00.000Z')).toMatch(/^1 December 2026 at 7:00\s?am$/);
  });

  it("says today is the school's day, not the browser's", () => {
    at('2026-12-01T02:30:00Z');
    expect(new Date().getDate()).toBe(1);
    expect(school.today()).toBe('2026-11-30');
  });

  it("starts the academic year in September by the school's calendar", () => {
    at('2026-09-01T02:00:00Z');
    expect(new Date().getMonth()).toBe(8);
    expect(school.academicYear()).toBe(2025);
    at('2026-09-01T04:00:00Z');
    expect(school.academicYear()).toBe(2026);
  });
});

// Everything the web shows or reads as a school time goes through the clock above; these would not.
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const browserClock = [
  /\b(America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Indian)\/[A-Z]\w+/, // a hard-coded zone
  /\bDEFAULT_TIME_ZONE\b/,
  /\.(getHours|getMinutes|getDate|getDay|getMonth|getFullYear)\(/,
  /\.toLocale(Date|Time)String\(/,
  /\b(dateInZone|timestampInZone|instantFromSchoolTime|schoolTimeOf)\b/,
];

describe('the web has no other clock', () => {
  it('names no zone and reads no date in the browser’s zone outside school-time.ts', () => {
    const files = Object.entries(sources).filter(([path]) => !path.endsWith('/school-time.ts'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(([path, text]) =>
      browserClock.filter((pattern) => pattern.test(text)).map((pattern) => `${path}: ${pattern}`),
    );
    expect(found).toEqual([]);
  });
});
