import { i18n } from '@lingui/core';
import { longDateOf } from '@sp/domain';
import type { SchoolTime } from '../../../api/school-time';

/**
 * Dates the registration shows as text, in the language in use: English as the rest of the portal writes
 * them ("30 November 2026", "3 Sep"), Spanish as Latin America does ("30 de noviembre de 2026"). Read at
 * render time: the screens showing them re-render when the language changes.
 */
const SPANISH = 'es-419';
const spanish = (): boolean => i18n.locale === 'es';

/** A calendar day (yyyy-MM-dd) in words; no time zone moves it. */
export function longDay(isoDate: string): string {
  if (!spanish()) return longDateOf(isoDate);
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(SPANISH, { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year!, month! - 1, day),
  );
}

/**
 * An instant in words at the school's clock: "1 December 2026 at 08:00". Spanish takes the 24-hour clock: a
 * sentence ending in "9:31 a.m." would end with two full stops.
 */
export const spelledAt = (time: SchoolTime, iso: string): string =>
  spanish()
    ? new Date(iso).toLocaleString(SPANISH, {
        dateStyle: 'long',
        timeStyle: 'short',
        hourCycle: 'h23',
        timeZone: time.zone,
      })
    : time.spelled(iso);

/** The school's day of an instant, short enough for a phone's line: "3 Sep", "3 sept". */
export const shortDayAt = (time: SchoolTime, iso: string): string =>
  spanish()
    ? new Intl.DateTimeFormat(SPANISH, { day: 'numeric', month: 'short', timeZone: time.zone }).format(
        new Date(iso),
      )
    : time.shortDay(iso);
