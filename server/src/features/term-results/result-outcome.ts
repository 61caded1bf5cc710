import { computeResult, markLabel, parseMark, type ResultChange } from '@sp/domain';
import type { termResults } from '../../db/schema.js';
import type { PlannedChange, ResultPlan, ResultRow } from './plan-types.js';
import type { MarkCell } from './read-cells.js';
import { OTHER_FIELDS, type CheckedRow } from './result-rows.js';

type Stored = typeof termResults.$inferSelect;
type Mark = { mark: number | null; absent: boolean };
type PreviewRow = ResultPlan['rows'][number];

const markText = (v: number | null) => (v === null ? null : v.toFixed(1));
const show = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A mark after the file: what the cell says, or what is stored when the cell is blank (D40). */
function merged(
  cell: MarkCell,
  storedMark: string | null | undefined,
  storedAbsent: boolean | undefined,
): Mark {
  return cell ?? { mark: parseMark(storedMark ?? null), absent: storedAbsent ?? false };
}

/** The stored row with the file's cells over it: a blank cell keeps the stored value (D40). */
function resultRow(
  termId: number,
  c: CheckedRow & {
    subject: NonNullable<CheckedRow['subject']>;
    student: NonNullable<CheckedRow['student']>;
  },
  before: Stored | undefined,
  course: Mark,
  exam: Mark,
  { total, grade }: ReturnType<typeof computeResult>,
): ResultRow {
  const row: ResultRow = {
    ...(before ?? {}),
    student_id: c.studentId,
    term_id: termId,
    subject_id: c.subject.id,
    class_id: c.student.class_id,
    course_mark: markText(course.mark),
    course_absent: course.absent,
    exam_mark: markText(exam.mark),
    exam_absent: exam.absent,
    total: markText(total),
    grade,
  };
  for (const f of OTHER_FIELDS) (row as Record<string, unknown>)[f] = c.values[f] ?? before?.[f] ?? null;
  return row;
}

/** Stored → new, field by field, as the preview and the audit show them ("" where nothing is stored). */
function changesFrom(before: Stored | undefined, course: Mark, exam: Mark, row: ResultRow): ResultChange[] {
  const changes: ResultChange[] = [];
  const was = (m: string | null | undefined, a: boolean | undefined) =>
    before ? markLabel(parseMark(m ?? null), a ?? false) : '';
  const compare = (field: string, from: string, to: string) => {
    if (from !== to) changes.push({ field, from, to });
  };
  compare(
    'course_mark',
    was(before?.course_mark, before?.course_absent),
    markLabel(course.mark, course.absent),
  );
  compare('exam_mark', was(before?.exam_mark, before?.exam_absent), markLabel(exam.mark, exam.absent));
  for (const f of OTHER_FIELDS) compare(f, show(before?.[f]), show(row[f]));
  return changes;
}

/** What one checked row does: its preview line and, when it writes, the row and the audit's changes. */
export interface RowOutcome<Row = ResultRow> {
  preview: PreviewRow;
  write?: Row;
  change?: PlannedChange;
}

/** Decides one row against what is stored: error, blank (nothing entered, nothing stored), unchanged, changed or new. */
export function decideResultRow(termId: number, c: CheckedRow, before: Stored | undefined): RowOutcome {
  const course = merged(c.course, before?.course_mark, before?.course_absent);
  const exam = merged(c.exam, before?.exam_mark, before?.exam_absent);
  const weights = c.subject ?? { course: 30, exam: 70 };
  const result = computeResult(course.mark, exam.mark, weights);
  const { total, grade } = result;
  const base = {
    sheet: 'results' as const,
    line: c.line,
    student_id: c.studentId,
    name: c.student?.name ?? '',
    subject: c.subjectText,
    class_id: c.student?.class_id ?? null,
    shown:
      `Course ${markLabel(course.mark, course.absent) || '—'}, exam ${markLabel(exam.mark, exam.absent) || '—'}` +
      `, total ${total === null ? '—' : markLabel(total, false)}${grade ? ` (${grade})` : ''}`,
    changes: [] as ResultChange[],
    errors: c.errors,
  };
  const { subject, student } = c;
  if (c.errors.length || !subject || !student) return { preview: { ...base, status: 'error' } };
  const entered =
    c.course !== undefined || c.exam !== undefined || OTHER_FIELDS.some((f) => c.values[f] !== undefined);
  if (!before && !entered) return { preview: { ...base, status: 'blank' } };
  const row = resultRow(termId, { ...c, subject, student }, before, course, exam, result);
  const changes = changesFrom(before, course, exam, row);
  if (before && changes.length === 0 && before.class_id === row.class_id)
    return { preview: { ...base, status: 'unchanged' } };
  if (before && before.class_id !== row.class_id)
    changes.push({ field: 'class_id', from: show(before.class_id), to: show(row.class_id) });
  return {
    preview: { ...base, changes: before ? changes : [], status: before ? 'changed' : 'new' },
    write: row,
    change: before ? { student_id: c.studentId, subject: subject.code, fields: changes } : undefined,
  };
}

/** Adds a row's outcome to the plan, its row (if it writes one) to `writes`, and counts it by its status. */
export function addOutcome<Row>(
  plan: ResultPlan,
  { preview, write, change }: RowOutcome<Row>,
  writes: Row[],
): void {
  plan.counts[preview.status === 'error' ? 'errors' : preview.status]++;
  plan.rows.push(preview);
  if (write) writes.push(write);
  if (change) plan.changes.push(change);
}
