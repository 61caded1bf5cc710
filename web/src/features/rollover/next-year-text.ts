import { ENROLMENT_STATUS_LABELS, type RolloverRow } from '@sp/domain';

const FORM_NAMES: Record<number, string> = { 6: 'Lower Sixth', 7: 'Upper Sixth' };
export const formName = (form: number) => FORM_NAMES[form] ?? `Form ${form}`;

/** A student's next year in a few words: "Form 2, 2A", "Repeating Form 3, 3C", "Graduated", "Transferred: QRC". */
export function nextYearText(row: RolloverRow): string {
  if (row.problem) return `Cannot be placed: ${row.problem}`;
  if (!row.next) {
    const status = ENROLMENT_STATUS_LABELS[row.closing_status as keyof typeof ENROLMENT_STATUS_LABELS];
    return row.note ? `${status}: ${row.note}` : status;
  }
  const place = `${formName(row.next.form_level)}, ${row.next.class_id ?? 'no class'}`;
  return row.next.status === 'repeating' ? `Repeating ${place}` : place;
}
