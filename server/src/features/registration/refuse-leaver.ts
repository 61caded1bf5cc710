import { NOT_ENROLLED_STATUSES, academicYearLabel, notEnrolledMessage } from '@sp/domain';
import { forbidden } from '../../errors.js';

/**
 * A student with no enrolment this year, or one who left, graduated or transferred, reads old report cards
 * but no longer registers (D49); withdrawn is refused at sign-in already (D29).
 */
export function refuseLeaver(year: { year: number; status: string | null }): void {
  if (year.status === null || NOT_ENROLLED_STATUSES.includes(year.status))
    throw forbidden(notEnrolledMessage(academicYearLabel(year.year)));
}
