import { eq } from 'drizzle-orm';
import {
  RATINGS,
  RATING_MAX,
  SUMMARY_REMARK_MAX,
  TEACHER_REMARK_MAX,
  computeResult,
  formatMark,
  hasNoControlCharacters,
  isValidMark,
  isWellFormedText,
  listName,
  messages,
  parseMark,
  resultMessages,
  tooLong,
  type ResultCounts,
  type ResultField,
  type ResultPreviewRow,
  type SummaryField,
} from '@sp/domain';
import type { Db } from '../../db/client.js';
import { formClasses, students, termResults, termSummaries, terms } from '../../db/schema.js';
import type { Cell } from '../../shared/read-sheet.js';
import type { TermFile } from './results-file.js';
import { subjectsForTerm } from '../../shared/term-data.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;
type FieldError = { field: string; message: string };
export type ResultRow = typeof termResults.$inferInsert;
export type SummaryRow = typeof termSummaries.$inferInsert;

/** A result row that changed: what it was and what it becomes, for the audit. */
export interface ResultChange {
  student_id: string;
  subject: string;
  from: Record<string, unknown>;
  to: Record<string, unknown>;
}

export interface ResultPlan {
  rows: ResultPreviewRow[];
  counts: ResultCounts;
  results: ResultRow[];
  summaries: SummaryRow[];
  changes: ResultChange[];
}

// ---------------------------------------------------------------- reading one cell
const ABSENT = /^(abs|absent|ab|-|—)$/i;

function text(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const t = (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)).trim();
  return t === '' ? null : t;
}

/** A mark: blank or "Abs" is a missing mark (null); otherwise 0–100 with one decimal. */
function mark(cell: Cell | undefined, field: string, errors: FieldError[]): number | null {
  const t = text(cell);
  if (t === null || ABSENT.test(t)) return null;
  const n = typeof cell === 'number' ? cell : Number(t);
  // Spreadsheets store 74.9 as 74.900000000001; one decimal is what a mark has.
  const value = Math.round(n * 10) / 10;
  if (!Number.isFinite(n) || Math.abs(n - value) > 1e-6 || !isValidMark(value)) {
    errors.push({ field, message: resultMessages.mark });
    return null;
  }
  return value;
}

function count(cell: Cell | undefined, field: string, errors: FieldError[]): number | null {
  const t = text(cell);
  if (t === null) return null;
  const n = Number(t);
  if (!Number.isInteger(n) || n < 0 || n > 500) {
    errors.push({ field, message: resultMessages.count });
    return null;
  }
  return n;
}

function words(cell: Cell | undefined, field: string, max: number, errors: FieldError[]): string | null {
  const t = text(cell);
  if (t === null) return null;
  if (!hasNoControlCharacters(t)) errors.push({ field, message: messages.controlCharacters });
  else if (!isWellFormedText(t)) errors.push({ field, message: messages.brokenCharacter });
  else if (t.length > max) errors.push({ field, message: tooLong(max) });
  else return t;
  return null;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
/** Marks come back from numeric columns as text ("74.9"); compare them as numbers. */
const NUMERIC = new Set(['course_mark', 'exam_mark', 'total']);
const comparable = (key: string, value: unknown) =>
  NUMERIC.has(key) ? parseMark(value as string | null) : value;
const sameRatings = (a: unknown, b: Record<string, unknown>) => {
  const before = (a ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(b)]);
  return [...keys].every((k) => same(before[k], b[k]));
};
const markText = (v: number | null) => (v === null ? null : v.toFixed(1));

// ---------------------------------------------------------------- the plan
interface StudentInfo {
  name: string;
  class_id: string | null;
  form_level: number | null;
}

async function loadStudents(db: Conn): Promise<Map<string, StudentInfo>> {
  const rows = await db
    .select({
      id: students.id,
      first: students.first_name,
      last: students.last_name,
      class_id: students.class_id,
      form_level: formClasses.form_level,
    })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id));
  return new Map(
    rows.map((r) => [
      r.id,
      { name: listName(r.first, r.last), class_id: r.class_id, form_level: r.form_level },
    ]),
  );
}

/** Marks every row whose key occurs on more than one line: neither can be trusted to be the right one. */
function markDuplicates(
  rows: { key: string | null; line: number; errors: FieldError[] }[],
  message: (lines: number[]) => string,
  field: string,
) {
  const lines = new Map<string, number[]>();
  for (const r of rows) if (r.key) lines.set(r.key, [...(lines.get(r.key) ?? []), r.line]);
  for (const r of rows) {
    const found = r.key ? lines.get(r.key) : undefined;
    if (found && found.length > 1) r.errors.push({ field, message: message(found) });
  }
}

/**
 * What importing a term's file would do, row by row: each row checked (student, subject offered to the
 * student's form, marks 0–100, counts, text lengths), repeated rows refused, then compared with what is
 * stored. A column the file leaves out keeps the stored value. Writes nothing.
 */
export async function planResults(db: Conn, termId: number, file: TermFile): Promise<ResultPlan> {
  const [term] = await db.select().from(terms).where(eq(terms.id, termId));
  // One after another: inside the import's transaction they share one connection, which runs one query at a
  // time (node-postgres deprecates queuing several on a client, and pg 9 refuses it).
  const people = await loadStudents(db);
  const offered = await subjectsForTerm(db, termId);
  const storedResults = await db.select().from(termResults).where(eq(termResults.term_id, termId));
  const storedSummaries = await db.select().from(termSummaries).where(eq(termSummaries.term_id, termId));
  const plan: ResultPlan = {
    rows: [],
    counts: { new: 0, changed: 0, unchanged: 0, errors: 0 },
    results: [],
    summaries: [],
    changes: [],
  };

  // ---- results
  const resultBefore = new Map(storedResults.map((r) => [`${r.student_id}|${r.subject_id}`, r]));
  const resultFields = [...(file.results?.columns.keys() ?? [])] as ResultField[];
  const checked = (file.results?.rows ?? []).map(({ line, cells }) => {
    const errors: FieldError[] = [];
    const studentId = text(cells.student_id) ?? '';
    const subjectText = text(cells.subject) ?? '';
    const student = people.get(studentId);
    if (!studentId) errors.push({ field: 'student_id', message: messages.required });
    else if (!student) errors.push({ field: 'student_id', message: resultMessages.unknownStudent });
    else if (student.form_level === null)
      errors.push({ field: 'student_id', message: resultMessages.noClass });
    let subjectId: number | null = null;
    let weights = { course: 30, exam: 70 };
    if (!subjectText) errors.push({ field: 'subject', message: messages.required });
    else if (student?.form_level != null) {
      const wanted = subjectText.toLowerCase();
      for (const [id, s] of offered.get(student.form_level) ?? []) {
        if (s.code.toLowerCase() === wanted || s.title.toLowerCase() === wanted) {
          subjectId = id;
          weights = { course: s.course, exam: s.exam };
        }
      }
      if (subjectId === null)
        errors.push({
          field: 'subject',
          message: resultMessages.unknownSubject(subjectText, student.form_level),
        });
    }
    const course = mark(cells.course_mark, 'course_mark', errors);
    const exam = mark(cells.exam_mark, 'exam_mark', errors);
    const values = {
      absences: count(cells.absences, 'absences', errors),
      lateness: count(cells.lateness, 'lateness', errors),
      application: words(cells.application, 'application', RATING_MAX, errors),
      conduct: words(cells.conduct, 'conduct', RATING_MAX, errors),
      teacher_remark: words(cells.teacher_remark, 'teacher_remark', TEACHER_REMARK_MAX, errors),
    };
    return {
      line,
      studentId,
      subjectText,
      subjectId,
      student,
      course,
      exam,
      weights,
      values,
      errors,
      key: subjectId !== null ? `${studentId}|${subjectId}` : null,
    };
  });
  markDuplicates(checked, resultMessages.duplicate, 'subject');

  for (const c of checked) {
    const { total, grade } = computeResult(c.course, c.exam, c.weights);
    const base = {
      sheet: 'results' as const,
      line: c.line,
      student_id: c.studentId,
      name: c.student?.name ?? '',
      subject: c.subjectText,
      shown: `Course ${formatMark(c.course)}, exam ${formatMark(c.exam)}, total ${total === null ? '—' : formatMark(total)}${grade ? ` (${grade})` : ''}`,
      errors: c.errors,
    };
    if (c.errors.length || c.subjectId === null || !c.student) {
      plan.counts.errors++;
      plan.rows.push({ ...base, status: 'error' });
      continue;
    }
    const before = resultBefore.get(c.key!);
    const fromFile: Partial<ResultRow> = {
      course_mark: markText(c.course),
      exam_mark: markText(c.exam),
      total: markText(total),
      grade,
    };
    for (const f of ['absences', 'lateness', 'application', 'conduct', 'teacher_remark'] as const)
      if (resultFields.includes(f)) (fromFile as Record<string, unknown>)[f] = c.values[f];
    const row: ResultRow = {
      ...(before ?? {}),
      ...fromFile,
      student_id: c.studentId,
      term_id: termId,
      subject_id: c.subjectId,
      class_id: c.student.class_id,
    };
    const changed = (Object.keys(fromFile) as (keyof ResultRow)[]).filter(
      (k) => !before || !same(comparable(k, before[k]), comparable(k, row[k])),
    );
    if (before && changed.length === 0 && same(before.class_id, row.class_id)) {
      plan.counts.unchanged++;
      plan.rows.push({ ...base, status: 'unchanged' });
      continue;
    }
    plan.results.push(row);
    if (before) {
      plan.counts.changed++;
      plan.changes.push({
        student_id: c.studentId,
        subject: c.subjectText,
        from: Object.fromEntries(changed.map((k) => [k, before[k]])),
        to: Object.fromEntries(changed.map((k) => [k, row[k]])),
      });
    } else plan.counts.new++;
    plan.rows.push({ ...base, status: before ? 'changed' : 'new' });
  }

  // ---- summaries
  const summaryBefore = new Map(storedSummaries.map((s) => [s.student_id, s]));
  const summaryFields = [...(file.summaries?.columns.keys() ?? [])] as SummaryField[];
  const summaries = (file.summaries?.rows ?? []).map(({ line, cells }) => {
    const errors: FieldError[] = [];
    const studentId = text(cells.student_id) ?? '';
    const student = people.get(studentId);
    if (!studentId) errors.push({ field: 'student_id', message: messages.required });
    else if (!student) errors.push({ field: 'student_id', message: resultMessages.unknownStudent });
    const present = count(cells.sessions_present, 'sessions_present', errors);
    const possible =
      count(cells.sessions_possible, 'sessions_possible', errors) ?? term?.sessions_possible ?? null;
    if (present !== null && possible !== null && present > possible)
      errors.push({ field: 'sessions_present', message: 'More sessions present than possible.' });
    const ratings: Record<string, string | null> = {};
    for (const r of RATINGS)
      if (summaryFields.includes(r.key)) ratings[r.key] = words(cells[r.key], r.key, RATING_MAX, errors);
    const remarks = {
      form_teacher_remark: words(
        cells.form_teacher_remark,
        'form_teacher_remark',
        SUMMARY_REMARK_MAX,
        errors,
      ),
      dean_remark: words(cells.dean_remark, 'dean_remark', SUMMARY_REMARK_MAX, errors),
    };
    return { line, studentId, student, present, possible, ratings, remarks, errors, key: studentId || null };
  });
  markDuplicates(summaries, resultMessages.duplicateStudent, 'student_id');

  for (const s of summaries) {
    const base = {
      sheet: 'summaries' as const,
      line: s.line,
      student_id: s.studentId,
      name: s.student?.name ?? '',
      subject: '',
      shown: `Present ${s.present ?? '—'} of ${s.possible ?? '—'} sessions`,
      errors: s.errors,
    };
    if (s.errors.length || !s.student) {
      plan.counts.errors++;
      plan.rows.push({ ...base, status: 'error' });
      continue;
    }
    const before = summaryBefore.get(s.studentId);
    const row: SummaryRow = {
      ...(before ?? {}),
      student_id: s.studentId,
      term_id: termId,
      class_id: s.student.class_id,
      form_level: s.student.form_level,
      ratings: { ...(before?.ratings ?? {}), ...s.ratings },
    };
    if (summaryFields.includes('sessions_present')) row.sessions_present = s.present;
    if (summaryFields.includes('sessions_possible') || !before) row.sessions_possible = s.possible;
    for (const f of ['form_teacher_remark', 'dean_remark'] as const)
      if (summaryFields.includes(f)) row[f] = s.remarks[f];
    const unchanged =
      before &&
      (
        [
          'class_id',
          'form_level',
          'sessions_present',
          'sessions_possible',
          'form_teacher_remark',
          'dean_remark',
        ] as const
      ).every((k) => same(before[k], row[k])) &&
      sameRatings(before.ratings, row.ratings as Record<string, unknown>);
    if (unchanged) {
      plan.counts.unchanged++;
      plan.rows.push({ ...base, status: 'unchanged' });
      continue;
    }
    plan.summaries.push(row);
    plan.counts[before ? 'changed' : 'new']++;
    plan.rows.push({ ...base, status: before ? 'changed' : 'new' });
  }
  return plan;
}
