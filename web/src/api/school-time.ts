import { academicYearOf, dateInZone, instantFromSchoolTime, timestampInZone } from '@sp/domain';
import { useMemo } from 'react';
import { usePublicSettings } from './settings';

/**
 * The school's clock. Every school date and time the web shows or reads is in the zone the server runs on
 * (SCHOOL_TIMEZONE, sent with the public settings), never the browser's: a teacher on a laptop set to another
 * zone sees and schedules what the school sees.
 */
export interface SchoolTime {
  /** The IANA zone, e.g. "America/Port_of_Spain". */
  zone: string;
  /** Today's date at the school, yyyy-MM-dd. */
  today: () => string;
  /** The academic year (its starting calendar year) that today at the school falls in. */
  academicYear: () => number;
  /** An instant (an ISO string from the server) as the school's wall clock: "2026-12-01 08:00". */
  minutes: (iso: string) => string;
  /** The same with seconds: "2026-12-01 08:00:00". */
  seconds: (iso: string) => string;
  /** An instant in words, as a family or a notice reads it: "1 December 2026 at 08:00". */
  spelled: (iso: string) => string;
  /** A wall-clock time at the school ("2026-12-01T08:00") as the instant it names, or null if it is none. */
  instant: (local: string) => Date | null;
  /** The school's day of an instant, short enough for a phone's line: "3 Sep". */
  shortDay: (iso: string) => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const schoolTimeIn = (zone: string): SchoolTime => ({
  zone,
  today: () => dateInZone(new Date(), zone),
  academicYear: () => academicYearOf(dateInZone(new Date(), zone)),
  minutes: (iso) => timestampInZone(new Date(iso), zone).slice(0, 16),
  seconds: (iso) => timestampInZone(new Date(iso), zone),
  spelled: (iso) =>
    new Date(iso).toLocaleString('en-TT', { dateStyle: 'long', timeStyle: 'short', timeZone: zone }),
  instant: (local) => instantFromSchoolTime(local, zone),
  shortDay: (iso) => {
    const [, month, day] = dateInZone(new Date(iso), zone).split('-');
    return `${Number(day)} ${MONTHS[Number(month) - 1]}`;
  },
});

/**
 * The school's clock once the public settings have loaded (they load with the first screen, so in practice at
 * once); undefined before, when a school time is better left blank than shown in a guessed zone.
 */
export function useSchoolTime(): SchoolTime | undefined {
  const zone = usePublicSettings().data?.time_zone;
  return useMemo(() => (zone ? schoolTimeIn(zone) : undefined), [zone]);
}

/** An instant from the server as the school's wall clock to the minute; blank until the zone has loaded. */
export function useSchoolMinutes(): (iso: string) => string {
  const time = useSchoolTime();
  return (iso) => time?.minutes(iso) ?? '';
}
