import { timestampInZone } from '@sp/domain';

/** The school's local time, as the portal shows times (yyyy-MM-dd HH:mm). */
export const when = (at: string): string => timestampInZone(new Date(at)).slice(0, 16);
