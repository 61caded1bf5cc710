import { t } from '@lingui/core/macro';
import { isRegistrationOpen, type RegistrationStatus } from '@sp/domain';
import { longDay } from './local-dates';

export interface RegistrationNotice {
  severity: 'info' | 'warning';
  text: string;
  /** The school's note to the students of this form (D19), shown under the text. */
  note?: string;
}

/**
 * The line above the form: why it cannot be changed, or until when it can (D13: the deadline day is open,
 * through its last second in the school's time zone).
 */
export function registrationNotice(
  status: RegistrationStatus | null,
  formLevel: number | null,
  now: Date,
  timeZone: string,
): RegistrationNotice | null {
  const notice = windowNotice(status, formLevel, now, timeZone);
  const note = status?.note;
  if (!note) return notice;
  return notice ? { ...notice, note } : { severity: 'info', text: note };
}

function windowNotice(
  status: RegistrationStatus | null,
  formLevel: number | null,
  now: Date,
  timeZone: string,
): RegistrationNotice | null {
  if (formLevel === null || !status)
    return { severity: 'warning', text: t`Registration is not open for your class at the moment.` };
  if (status.open !== 1)
    return { severity: 'warning', text: t`Registration is not open for Form ${formLevel} at the moment.` };
  if (!status.deadline) return null;
  const deadline = longDay(status.deadline);
  if (!isRegistrationOpen(status, now, timeZone))
    return { severity: 'warning', text: t`Registration closed at the end of ${deadline}.` };
  return { severity: 'info', text: t`Registration is open until ${deadline}.` };
}
