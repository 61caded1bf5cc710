import { eq } from 'drizzle-orm';
import {
  RATING_MAX,
  TEACHER_REMARK_MAX,
  computeResult,
  markLabel,
  messages,
  parseMark,
  resultMessages,
  type ResultChange,
} from '@sp/domain';
import { termResults, terms } from '../../db/schema.js';
import { subjectsForTerm } from '../../shared/term-data.js';
import { WHOLE_SCHOOL, type ClassScope } from './class-scope.js';
import { checkStudent, loadStudents } from './plan-students.js';
import {
  breathe,
  countCell,
  markCell,
  markDuplicates,
  text,
  wordsCell,
  type FieldError,
  type MarkCell,
} from './read-cells.js';
import type { TermFile } from './results-file.js';
import { planSummaries } from './plan-summaries.js';

import type { Conn, ResultPlan, ResultRow } from './plan-types.js';
export type { PlannedChange, ResultPlan, ResultRow } from './plan-types.js';

const markText = (v: number | null) => (v === null ? null : v.toFixed(1));
const OTHER_FIELDS = ['absences', 'lateness', 'application', 'conduct', 'teacher_remark'] as const;
const show = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A mark after the file: what the cell says, or what is stored when the cell is blank (D40). */
function merged(cell: MarkCell, storedMark: string | null | undefined, storedAbsent: boolean | undefined) {
  return cell ?? { mark: parseMark(storedMark ?? null), absent: storedAbsent ?? false };
}

/**
 * What importing a term's file would do, row by row: each row checked (student in the actor's classes,
 * subject offered to the student's form, marks 0–100 or ABS, counts, text lengths), repeated rows refused,
 * then compared with what is stored. A blank cell, like a column the file leaves out, keeps the stored
 * value; a row with nothing entered creates nothing. Writes nothing.
 */
export async function planResults(
  db: Conn,
  termId: number,
  file: TermFile,
  scope: ClassScope = WHOLE_SCHOOL,
): Promise<ResultPlan> {
  const [term] = await db.select().from(terms).where(eq(terms.id, termId));
  // One after another: inside the import's transaction they share one connection, which runs one query at a
  // time (node-postgres deprecates queuing several on a client, and pg 9 refuses it).
  const people = await loadStudents(db);
  const offered = await subjectsForTerm(db, termId);
  const storedResults = await db.select().from(termResults).where(eq(termResults.term_id, termId));
  const plan: ResultPlan = {
    rows: [],
    counts: { new: 0, changed: 0, unchanged: 0, blank: 0, errors: 0 },
    results: [],
    summaries: [],
    changes: [],
  };
  // A subject by code or title, per form: one look-up per row.
  const subjectsByForm = new Map<
    number,
    Map<string, { id: number; code: string; course: number; exam: number }>
  >();
  for (const [form, list] of offered) {
    const byName = new Map<string, { id: number; code: string; course: number; exam: number }>();
    for (const [id, s] of list) {
      byName.set(s.title.toLowerCase(), { id, ...s });
      byName.set(s.code.toLowerCase(), { id, ...s });
    }
    subjectsByForm.set(form, byName);
  }

  const resultBefore = new Map(storedResults.map((r) => [`${r.student_id}|${r.subject_id}`, r]));
  const checked = [];
  for (const [i, { line, cells }] of (file.results?.rows ?? []).entries()) {
    await breathe(i);
    const errors: FieldError[] = [];
    const studentId = text(cells.student_id) ?? '';
    const subjectText = text(cells.subject) ?? '';
    const student = checkStudent(studentId, people, scope, errors);
    if (student && student.form_level === null)
      errors.push({ field: 'student_id', message: resultMessages.noClass });
    let subject: { id: number; code: string; course: number; exam: number } | undefined;
    if (!subjectText) errors.push({ field: 'subject', message: messages.required });
    else if (student?.form_level != null) {
      subject = subjectsByForm.get(student.form_level)?.get(subjectText.toLowerCase());
      if (!subject)
        errors.push({
          field: 'subject',
          message: resultMessages.unknownSubject(subjectText, student.form_level),
        });
    }
    checked.push({
      line,
      studentId,
      subjectText,
      subject,
      student,
      course: markCell(cells.course_mark, 'course_mark', errors),
      exam: markCell(cells.exam_mark, 'exam_mark', errors),
      values: {
        absences: countCell(cells.absences, 'absences', errors),
        lateness: countCell(cells.lateness, 'lateness', errors),
        application: wordsCell(cells.application, 'application', RATING_MAX, errors),
        conduct: wordsCell(cells.conduct, 'conduct', RATING_MAX, errors),
        teacher_remark: wordsCell(cells.teacher_remark, 'teacher_remark', TEACHER_REMARK_MAX, errors),
      },
      errors,
      key: subject ? `${studentId}|${subject.id}` : null,
    });
  }
  markDuplicates(checked, resultMessages.duplicate, 'subject');

  for (const [i, c] of checked.entries()) {
    await breathe(i);
    const before = c.key ? resultBefore.get(c.key) : undefined;
    const course = merged(c.course, before?.course_mark, before?.course_absent);
    const exam = merged(c.exam, before?.exam_mark, before?.exam_absent);
    const weights = c.subject ?? { course: 30, exam: 70 };
    const { total, grade } = computeResult(course.mark, exam.mark, weights);
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
    if (c.errors.length || !c.subject || !c.student) {
      plan.counts.errors++;
      plan.rows.push({ ...base, status: 'error' });
      continue;
    }
    const entered =
      c.course !== undefined || c.exam !== undefined || OTHER_FIELDS.some((f) => c.values[f] !== undefined);
    if (!before && !entered) {
      plan.counts.blank++;
      plan.rows.push({ ...base, status: 'blank' });
      continue;
    }
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
    if (before && changes.length === 0 && before.class_id === row.class_id) {
      plan.counts.unchanged++;
      plan.rows.push({ ...base, status: 'unchanged' });
      continue;
    }
    if (before && before.class_id !== row.class_id)
      changes.push({ field: 'class_id', from: show(before.class_id), to: show(row.class_id) });
    plan.results.push(row);
    if (before) plan.changes.push({ student_id: c.studentId, subject: c.subject.code, fields: changes });
    plan.counts[before ? 'changed' : 'new']++;
    plan.rows.push({ ...base, changes: before ? changes : [], status: before ? 'changed' : 'new' });
  }

  await planSummaries(db, termId, term?.sessions_possible ?? null, file, people, scope, plan);
  return plan;
}
