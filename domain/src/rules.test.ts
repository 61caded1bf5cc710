import { describe, expect, it } from 'vitest';
import {
  academicYearLabel,
  longDateOf,
  birthDateFromTyped,
  idleTouchMs,
  staySignedInDueMs,
  dateInZone,
  timestampInZone,
  formatPhone,
  initials,
  isRegistrationOpen,
  listName,
  passwordProblem,
  sectionsForLivingStatus,
} from './rules.js';
import { messages } from './messages.js';

describe('isRegistrationOpen (D13)', () => {
  const tz = 'America/Port_of_Spain';
  it('is closed when open is 0, whatever the deadline', () => {
    expect(isRegistrationOpen({ open: 0, deadline: null }, new Date('2026-09-01T12:00:00Z'), tz)).toBe(false);
  });
  it('is open with no deadline', () => {
    expect(isRegistrationOpen({ open: 1, deadline: null }, new Date('2026-09-01T12:00:00Z'), tz)).toBe(true);
  });
  it('is open through 23:59:59 of the deadline day in the school zone', () => {
    const w = { open: 1 as const, deadline: '2026-09-30' };
    // 23:59 on 30 Sep in Port of Spain (UTC−4) is 03:59 UTC on 1 Oct.
    expect(isRegistrationOpen(w, new Date('2026-10-01T03:59:59Z'), tz)).toBe(true);
    expect(isRegistrationOpen(w, new Date('2026-10-01T04:00:00Z'), tz)).toBe(false);
  });
});

describe('dates', () => {
  it('gives the calendar date in a zone', () => {
    expect(dateInZone(new Date('2026-01-01T02:00:00Z'), 'America/Port_of_Spain')).toBe('2025-12-31');
  });
  it('gives the wall-clock time in a zone, from a kept formatter, in each of two zones', () => {
    const instant = new Date('2026-01-01T02:03:04Z');
    expect(timestampInZone(instant, 'America/Port_of_Spain')).toBe('2025-12-31 22:03:04');
    expect(timestampInZone(instant, 'Asia/Kolkata')).toBe('2026-01-01 07:33:04');
    expect(timestampInZone(new Date('2026-07-04T12:00:00Z'), 'America/Port_of_Spain')).toBe(
      '2026-07-04 08:00:00',
    );
  });
  it('reads a typed date of birth as yyyymmdd only when it is a real date', () => {
    expect(birthDateFromTyped('20130409')).toBe('2013-04-09');
    expect(birthDateFromTyped('2013-04-09')).toBe('2013-04-09');
    expect(birthDateFromTyped('20130230')).toBeNull();
    expect(birthDateFromTyped('2013049')).toBeNull();
    expect(birthDateFromTyped('password')).toBeNull();
  });
  it('labels the academic year', () => {
    expect(academicYearLabel(2025)).toBe('2025-2026');
  });
  it('spells a calendar date the same in any zone', () => {
    expect(longDateOf('2027-09-01')).toBe('1 September 2027');
    expect(longDateOf('2026-12-31')).toBe('31 December 2026');
  });
});

describe('names and phones', () => {
  it('makes initials from the first and last name', () => {
    expect(initials('Kavita Ramdial')).toBe('KR');
    expect(initials('  maria  de  souza ')).toBe('MS');
    expect(initials('Admin')).toBe('A');
  });
  it('shows list names as "last, first"', () => {
    expect(listName('Kavita', 'Ramdial')).toBe('Ramdial, Kavita');
  });
  it('shows phones with the 1868 prefix', () => {
    expect(formatPhone('6201234')).toBe('1868-620-1234');
    expect(formatPhone(null)).toBe('');
  });
});

describe('sectionsForLivingStatus (D11)', () => {
  it.each([
    ['Both Parents', ['mother', 'father']],
    ['Father Only', ['father']],
    ['Mother Only', ['mother']],
    ['Guardian', ['guardian']],
    ['Other', []],
    [null, []],
  ] as const)('%s → %j', (status, sections) => {
    expect(sectionsForLivingStatus(status)).toEqual(sections);
  });
});

describe('passwordProblem (D5)', () => {
  const ctx = { studentId: '2026001', dateOfBirth: '2013-04-09' };
  it('accepts a decent password', () => {
    expect(passwordProblem('Mango-tree-77', ctx)).toBeNull();
  });
  it.each([
    ['short1!', messages.passwordTooShort],
    ['x'.repeat(129), messages.passwordTooLong],
    ['20130409', messages.passwordIsBirthDate],
    ['09042013', messages.passwordIsBirthDate],
    ['2026001', messages.passwordTooShort],
    ['PASSWORD1', messages.passwordTooCommon],
    ['12345678', messages.passwordTooCommon],
  ])('refuses %s', (password, message) => {
    expect(passwordProblem(password, ctx)).toBe(message);
  });
  it('refuses the student ID', () => {
    expect(passwordProblem('STU20260001', { studentId: 'stu20260001' })).toBe(messages.passwordIsStudentId);
  });
});

describe('the idle window (D4)', () => {
  it('writes the idle clock back often enough for a one-minute window, at most once a minute', () => {
    expect(idleTouchMs(60_000)).toBe(6_000);
    expect(idleTouchMs(60 * 60_000)).toBe(60_000);
  });

  it('offers to stay signed in before the server signs out, however short the window', () => {
    const warning = 2 * 60_000;
    for (const minutes of [1, 2, 3, 5, 60, 24 * 60]) {
      const idleMs = minutes * 60_000;
      const due = staySignedInDueMs(idleMs, warning);
      expect(due, `${minutes} min`).toBeGreaterThan(0);
      expect(due, `${minutes} min`).toBeLessThan(idleMs - idleTouchMs(idleMs));
    }
    expect(staySignedInDueMs(60 * 60_000, warning)).toBe(57 * 60_000);
  });
});
