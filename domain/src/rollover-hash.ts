import type { RolloverRow } from './rollover-plan.js';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** A second offset basis gives a second, independent 32 bits: 64 in all, so a changed plan is never missed. */
const SECOND_OFFSET = 0x050c5d1f;

/** FNV-1a over a string's UTF-16 code units (http://www.isthe.com/chongo/tech/comp/fnv/), as 32 bits. */
export function fnv1a(text: string, offset: number = FNV_OFFSET): number {
  let hash = offset;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

const hex = (n: number): string => n.toString(16).padStart(8, '0');

/**
 * The decisions of one student, names left out: a family correcting a name between the preview and the
 * confirm should not make the office preview again. Marks are in, so any mark changed since the preview shows.
 */
const decisionLine = (r: RolloverRow): string =>
  [
    r.student_id,
    r.from.class_id,
    r.mark,
    r.school,
    r.closing_status,
    r.next?.form_level,
    r.next?.class_id,
    r.next?.status,
    r.note,
  ].join('\u0000');

/**
 * A 16-hex-digit name for a plan. Each row's hash is added up, so the order the students came in does not
 * matter and no sort is needed (the plan stays linear in the number of students).
 */
export function planHashOf(fromYear: number, sixthForm: boolean, rows: readonly RolloverRow[]): string {
  let first = 0;
  let second = 0;
  for (const row of rows) {
    const line = decisionLine(row);
    first = (first + fnv1a(line)) >>> 0;
    second = (second + fnv1a(line, SECOND_OFFSET)) >>> 0;
  }
  const head = [fromYear, sixthForm, rows.length, first, second].join(' ');
  return hex(fnv1a(head)) + hex(fnv1a(head, SECOND_OFFSET));
}
