import {
  DEFAULT_TIME_ZONE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  PHONE_PREFIX,
} from './constants.js';
import type { LivingStatus } from './enums.js';
import { messages } from './messages.js';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timestampFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One sv-SE formatter per zone and kind: a formatter is costly to build (a tenth of a field save's time,
 * and most of an export's date columns, when built per call).
 */
function zoneFormat(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/** Calendar date (yyyy-MM-dd) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  // sv-SE formats dates as yyyy-MM-dd.
  return zoneFormat(dayFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** sv-SE local timestamp (yyyy-MM-dd HH:mm:ss) in the school's time zone, as posting stamps use. */
export function timestampInZone(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  // The fields toLocaleString(locale, { timeZone }) shows, from a kept formatter.
  return zoneFormat(timestampFormats, timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).format(instant);
}

export interface RegistrationWindow {
  open: 0 | 1;
  deadline: string | null;
}

/** D13: open while `open` is 1 and today, in the school's zone, is not after the deadline day. */
export function isRegistrationOpen(
  window: RegistrationWindow,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (window.open !== 1) return false;
  if (!window.deadline) return true;
  return dateInZone(now, timeZone) <= window.deadline;
}

/** The academic year (named by the calendar year it starts in, September) that a day (yyyy-MM-dd) falls in. */
export const academicYearOf = (day: string): number => {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 9 ? year : year - 1;
};

/** Academic year label: 2025 → "2025-2026". */
export const academicYearLabel = (year: number): string => `${year}-${year + 1}`;

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/** A calendar date (yyyy-MM-dd: no time, so no zone) in words: "2027-09-01" → "1 September 2027". */
export const longDateOf = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
};

export type FamilySection = 'mother' | 'father' | 'guardian';

/** D11: the sections a living status shows (spec section 4 table). */
export function sectionsForLivingStatus(status: LivingStatus | null | undefined): FamilySection[] {
  switch (status) {
    case 'Both Parents':
      return ['mother', 'father'];
    case 'Father Only':
      return ['father'];
    case 'Mother Only':
      return ['mother'];
    case 'Guardian':
      return ['guardian'];
    default:
      return [];
  }
}

/**
 * The 7 digits of a phone number however it was typed or pasted: everything but digits goes, then a leading
 * 1868 (the fixed prefix, also as "1 868") when more than 7 digits are left. More than 7 digits after that
 * stay, so the field can say "7 Digits Needed" instead of cutting the number wrongly.
 */
export function phoneDigitsFrom(entry: string): string {
  const digits = entry.replace(/\D/g, '');
  return digits.length > PHONE_DIGITS && digits.startsWith(PHONE_PREFIX)
    ? digits.slice(PHONE_PREFIX.length)
    : digits;
}

/** Phones are stored as 7 digits and shown with the fixed prefix. */
export const formatPhone = (digits: string | null | undefined): string =>
  digits ? `${PHONE_PREFIX}-${digits.slice(0, 3)}-${digits.slice(3)}` : '';

/** Avatar initials: first letter of first and last name. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The staff's student list shows names as "last, first". */
export const listName = (first: string, last: string): string => `${last}, ${first}`;

/** A yyyy-MM-dd calendar date that exists: 2014-02-30, 2014-13-01 and 0000-00-00 do not. */
export function isRealDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso);
}

/** A date of birth typed as yyyymmdd (the first-login secret) to yyyy-MM-dd, or null when malformed. */
export function birthDateFromTyped(typed: string): string | null {
  const digits = typed.replace(/[-/\s]/g, '');
  if (!/^\d{8}$/.test(digits)) return null;
  const iso = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  return isRealDate(iso) ? iso : null;
}

/**
 * A short list of passwords people pick first; enough to refuse the obvious ones (D5).
 * Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'abc12345',
  'abcd1234',
  'asdfghjk',
  'letmein1',
  'welcome1',
  'welcome123',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'trinidad',
  'tobago123',
  'trinidad1',
  'student1',
  'student123',
  'school123',
  'changeme',
  'admin123',
  'administrator',
  '1q2w3e4r',
  'zaq12wsx',
  'monkey123',
  'dragon123',
]);

export interface PasswordContext {
  studentId?: string;
  dateOfBirth?: string | null;
  /** A staff member's username. */
  username?: string;
}

/** D5 password rules; returns the first broken rule's message, or null when the password is acceptable. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return messages.passwordTooLong;
  const lower = password.toLowerCase();
  if (ctx.studentId && lower === ctx.studentId.toLowerCase()) return messages.passwordIsStudentId;
  if (ctx.username && lower === ctx.username.toLowerCase()) return messages.passwordIsUsername;
  if (ctx.dateOfBirth) {
    const compact = ctx.dateOfBirth.replace(/-/g, '');
    const [y, m, d] = ctx.dateOfBirth.split('-');
    const forms = [
      ctx.dateOfBirth,
      compact,
      `${d}${m}${y}`,
      `${m}${d}${y}`,
      `${d}/${m}/${y}`,
      `${m}/${d}/${y}`,
    ];
    if (forms.includes(password)) return messages.passwordIsBirthDate;
  }
  if (COMMON_PASSWORDS.has(lower)) return messages.passwordTooCommon;
  return null;
}

/**
 * D4: how often the server writes a session's idle clock back: at most once a minute, and at least ten
 * times per idle window, so a short SESSION_IDLE_MINUTES never signs out someone who is using the portal.
 * A request may therefore count as up to this much older than it is.
 */
export const idleTouchMs = (idleMs: number): number => Math.min(60_000, Math.floor(idleMs / 10));

/**
 * When the page offers to stay signed in, counted from the last answer: the warning time before the
 * server's sign-out (less the touch slack above), or half the window when that is shorter.
 */
export function staySignedInDueMs(idleMs: number, warningMs: number): number {
  const signOutAt = idleMs - idleTouchMs(idleMs);
  return Math.max(signOutAt - warningMs, Math.floor(signOutAt / 2));
}

/** Sent with every signed-in answer: the server's idle window in seconds, so the page warns in time. */
export const SESSION_IDLE_HEADER = 'x-session-idle-seconds';
