import { eq } from 'drizzle-orm';
import { RATINGS, RATING_MAX, SUMMARY_REMARK_MAX, type ResultChange } from '@sp/domain';
import { termSummaries } from '../../db/schema.js';
import type { ClassScope } from './class-scope.js';
import type { Conn, ResultPlan, SummaryRow } from './plan-types.js';
import { checkStudent, type StudentInfo } from './plan-students.js';
import { breathe, countCell, markDuplicates, text, wordsCell, type FieldError } from './read-cells.js';
import { addOutcome, type RowOutcome } from './result-outcome.js';
import type { TermFile } from './results-file.js';
import { resultMessages } from '@sp/domain';

const REMARKS = ['form_teacher_remark', 'dean_remark'] as const;
type StoredSummary = typeof termSummaries.$inferSelect;
/** One row of the summaries sheet as read, before it is compared with what is stored. */
interface ReadSummary {
  line: number;
  studentId: string;
  student: StudentInfo | undefined;
  present: number | undefined;
  possible: number | undefined;
  ratings: Partial<Record<string, string>>;
  remarks: Record<(typeof REMARKS)[number], string | undefined>;
  errors: FieldError[];
  key: string | null;
}
const show = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * The summaries sheet (attendance, ratings, remarks), one row per student, into the plan: a blank cell keeps
 * what is stored (D40), a row with nothing entered creates nothing, a student outside the actor's classes
 * is an error (D44).
 */
export async function planSummaries(
  db: Conn,
  termId: number,
  termSessions: number | null,
  file: TermFile,
  people: Map<string, StudentInfo>,
  scope: ClassScope,
  plan: ResultPlan,
): Promise<void> {
  const storedSummaries = await db.select().from(termSummaries).where(eq(termSummaries.term_id, termId));
  const summaryBefore = new Map(storedSummaries.map((s) => [s.student_id, s]));
  const summaries: ReadSummary[] = [];
  for (const [i, { line, cells }] of (file.summaries?.rows ?? []).entries()) {
    await breathe(i);
    const errors: FieldError[] = [];
    const studentId = text(cells.student_id) ?? '';
    const student = checkStudent(studentId, people, scope, errors);
    const present = countCell(cells.sessions_present, 'sessions_present', errors);
    const possible = countCell(cells.sessions_possible, 'sessions_possible', errors);
    const ratings: Partial<Record<string, string>> = {};
    for (const r of RATINGS) {
      const v = wordsCell(cells[r.key], r.key, RATING_MAX, errors);
      if (v !== undefined) ratings[r.key] = v;
    }
    const remarks = Object.fromEntries(
      REMARKS.map((f) => [f, wordsCell(cells[f], f, SUMMARY_REMARK_MAX, errors)]),
    ) as Record<(typeof REMARKS)[number], string | undefined>;
    summaries.push({
      line,
      studentId,
      student,
      present,
      possible,
      ratings,
      remarks,
      errors,
      key: studentId || null,
    });
  }
  markDuplicates(summaries, resultMessages.duplicateStudent, 'student_id');

  for (const [i, s] of summaries.entries()) {
    await breathe(i);
    addOutcome(
      plan,
      decideSummaryRow(termId, termSessions, s, summaryBefore.get(s.studentId)),
      plan.summaries,
    );
  }
}

/**
 * Decides one summary row against what is stored: error, blank (nothing entered, nothing stored), unchanged,
 * changed or new.
 */
function decideSummaryRow(
  termId: number,
  termSessions: number | null,
  s: ReadSummary,
  before: StoredSummary | undefined,
): RowOutcome<SummaryRow> {
  const present = s.present ?? before?.sessions_present ?? null;
  const possible = s.possible ?? before?.sessions_possible ?? termSessions;
  if (present !== null && possible !== null && present > possible)
    s.errors.push({ field: 'sessions_present', message: 'More sessions present than possible.' });
  const base = {
    sheet: 'summaries' as const,
    line: s.line,
    student_id: s.studentId,
    name: s.student?.name ?? '',
    subject: '',
    class_id: s.student?.class_id ?? null,
    shown: `Present ${present ?? '—'} of ${possible ?? '—'} sessions`,
    changes: [] as ResultChange[],
    errors: s.errors,
  };
  if (s.errors.length || !s.student) return { preview: { ...base, status: 'error' } };
  // Sessions possible alone is the term's figure the template fills in, not something entered.
  const entered =
    s.present !== undefined ||
    Object.keys(s.ratings).length > 0 ||
    REMARKS.some((f) => s.remarks[f] !== undefined);
  if (!before && !entered) return { preview: { ...base, status: 'blank' } };
  const beforeRatings = (before?.ratings ?? {}) as Record<string, string | null>;
  const row: SummaryRow = {
    ...(before ?? {}),
    student_id: s.studentId,
    term_id: termId,
    class_id: s.student.class_id,
    form_level: s.student.form_level,
    sessions_present: present,
    sessions_possible: possible,
    ratings: { ...beforeRatings, ...s.ratings },
    form_teacher_remark: s.remarks.form_teacher_remark ?? before?.form_teacher_remark ?? null,
    dean_remark: s.remarks.dean_remark ?? before?.dean_remark ?? null,
  };
  const changes: ResultChange[] = [];
  const compare = (
    field: string,
    from: string | number | null | undefined,
    to: string | number | null | undefined,
  ) => {
    if (show(from) !== show(to)) changes.push({ field, from: show(from), to: show(to) });
  };
  compare('sessions_present', before?.sessions_present, row.sessions_present);
  compare('sessions_possible', before?.sessions_possible, row.sessions_possible);
  for (const r of RATINGS)
    compare(r.key, beforeRatings[r.key], (row.ratings as Record<string, string>)[r.key]);
  for (const f of REMARKS) compare(f, before?.[f], row[f]);
  if (
    before &&
    changes.length === 0 &&
    before.class_id === row.class_id &&
    before.form_level === row.form_level
  )
    return { preview: { ...base, status: 'unchanged' } };
  return {
    preview: { ...base, changes: before ? changes : [], status: before ? 'changed' : 'new' },
    write: row,
    change: before ? { student_id: s.studentId, subject: 'Summary', fields: changes } : undefined,
  };
}
