import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ENROLMENT_STATUS_LABELS, type RolloverRow } from '@sp/domain';

const FORM_NAMES: Record<number, MessageDescriptor> = { 6: msg`Lower Sixth`, 7: msg`Upper Sixth` };
export const formName = (form: number) => {
  const named = FORM_NAMES[form];
  return named ? i18n._(named) : i18n._(msg`Form ${form}`);
};

/** A student's next year in a few words: "Form 2, 2A", "Repeating Form 3, 3C", "Graduated", "Transferred: QRC". */
export function nextYearText(row: RolloverRow): string {
  const problem = row.problem;
  if (problem) return i18n._(msg`Cannot be placed: ${problem}`);
  if (!row.next) {
    const status = ENROLMENT_STATUS_LABELS[row.closing_status as keyof typeof ENROLMENT_STATUS_LABELS];
    return row.note ? `${status}: ${row.note}` : status;
  }
  const place = `${formName(row.next.form_level)}, ${row.next.class_id ?? i18n._(msg`no class`)}`;
  return row.next.status === 'repeating' ? i18n._(msg`Repeating ${place}`) : place;
}
