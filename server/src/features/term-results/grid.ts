import { and, asc, eq } from 'drizzle-orm';
import {
  ABSENT_INPUT,
  computeResult,
  listName,
  markLabel,
  parseMark,
  resultMessages,
  type ClassGrid,
  type MarkInput,
  type MarkValue,
  type ResultClasses,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { formClasses, termResults } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { studentsOfTermYear, subjectsForTerm, type OfferedSubject } from '../../shared/term-data.js';
import { assertInScope, classScope } from './class-scope.js';
import { auditField } from './import-results.js';
import { loadStudents } from './plan-students.js';
import { findTerm } from './terms.js';

async function formOf(ctx: AppContext, classId: string): Promise<number> {
  const [found] = await ctx.db.select().from(formClasses).where(eq(formClasses.class_id, classId));
  if (!found) throw notFound(resultMessages.unknownClass);
  return found.form_level;
}

/** Every class, the actor's own first (D44), and whether the actor works on those only. */
export async function resultClasses(ctx: AppContext, actor: Actor): Promise<ResultClasses> {
  const scope = await classScope(ctx.db, actor);
  const rows = await ctx.db.select().from(formClasses).orderBy(asc(formClasses.class_id));
  const mine = new Set(scope.mine);
  const list = rows.map((r) => ({
    class_id: r.class_id,
    form_level: r.form_level,
    mine: mine.has(r.class_id),
  }));
  return {
    classes: [...list.filter((c) => c.mine), ...list.filter((c) => !c.mine)],
    restricted: scope.restricted,
  };
}

/** One class in one term: its students (by last name) and each one's marks in the subjects of its form. */
export async function classGrid(ctx: AppContext, termId: number, classId: string): Promise<ClassGrid> {
  const term = await findTerm(ctx, termId);
  const form = await formOf(ctx, classId);
  const offered = (await subjectsForTerm(ctx.db, termId)).get(form) ?? new Map<number, OfferedSubject>();
  // The class as it was in the term's school year (D49); withdrawn students keep their row, as before.
  const people = await studentsOfTermYear(ctx.db, term.year, [classId]);
  const results = await ctx.db
    .select()
    .from(termResults)
    .where(and(eq(termResults.term_id, termId), eq(termResults.class_id, classId)));
  const byStudent = new Map<string, typeof results>();
  for (const r of results) {
    const list = byStudent.get(r.student_id);
    if (list) list.push(r);
    else byStudent.set(r.student_id, [r]);
  }
  return {
    subjects: [...offered].map(([id, s]) => ({ id, code: s.code, title: s.title })),
    students: people.map((p) => ({
      id: p.id,
      name: listName(p.first, p.last),
      results: (byStudent.get(p.id) ?? []).map((r) => ({
        subject_id: r.subject_id,
        course_mark: parseMark(r.course_mark),
        exam_mark: parseMark(r.exam_mark),
        course_absent: r.course_absent,
        exam_absent: r.exam_absent,
        total: parseMark(r.total),
        grade: r.grade,
      })),
    })),
  };
}

/** A grid value over what is stored: left out keeps it, ABS is absent, null clears it (D40). */
function apply(value: MarkValue, stored: { mark: number | null; absent: boolean }) {
  if (value === undefined) return stored;
  if (value === ABSENT_INPUT) return { mark: null, absent: true };
  return { mark: value, absent: false };
}

const text = (v: number | null) => (v === null ? null : v.toFixed(1));

/**
 * Corrects one student's course and/or exam mark in one subject (a number, ABS, or cleared); total and
 * grade are computed again. A staff member with classes corrects their own classes only (D44, 403).
 */
export async function saveMark(ctx: AppContext, actor: Actor, termId: number, input: MarkInput) {
  assertMayActOn(actor, input.student_id);
  const term = await findTerm(ctx, termId);
  const student = (await loadStudents(ctx.db, term.year, input.student_id)).get(input.student_id);
  if (!student) throw notFound(resultMessages.unknownStudent);
  assertInScope(await classScope(ctx.db, actor), student.class_id);
  const subject =
    student.form_level === null
      ? undefined
      : (await subjectsForTerm(ctx.db, termId)).get(student.form_level)?.get(input.subject_id);
  if (!subject)
    throw new AppError(400, 'The student’s form does not take that subject.', [
      { field: 'subject_id', message: 'The student’s form does not take that subject.' },
    ]);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(termResults)
      .where(
        and(
          eq(termResults.student_id, input.student_id),
          eq(termResults.term_id, termId),
          eq(termResults.subject_id, input.subject_id),
        ),
      );
    const stored = (mark: string | null | undefined, absent: boolean | undefined) => ({
      mark: parseMark(mark ?? null),
      absent: absent ?? false,
    });
    const was = {
      course: stored(before?.course_mark, before?.course_absent),
      exam: stored(before?.exam_mark, before?.exam_absent),
    };
    const course = apply(input.course_mark, was.course);
    const exam = apply(input.exam_mark, was.exam);
    const { total, grade } = computeResult(course.mark, exam.mark, subject);
    const set = {
      class_id: student.class_id,
      course_mark: text(course.mark),
      course_absent: course.absent,
      exam_mark: text(exam.mark),
      exam_absent: exam.absent,
      total: text(total),
      grade,
    };
    await tx
      .insert(termResults)
      .values({ student_id: input.student_id, term_id: termId, subject_id: input.subject_id, ...set })
      .onConflictDoUpdate({
        target: [termResults.student_id, termResults.term_id, termResults.subject_id],
        set,
      });
    const changes = (
      [
        ['course_mark', was.course, course],
        ['exam_mark', was.exam, exam],
      ] as const
    )
      .map(([field, from, to]) => ({
        field,
        from: markLabel(from.mark, from.absent),
        to: markLabel(to.mark, to.absent),
      }))
      .filter((c) => c.from !== c.to);
    await writeAudit(
      tx,
      changes.map((c) => ({
        ...auditActor(actor),
        action: 'term_result_update' as const,
        studentId: input.student_id,
        field: auditField(term, subject.code, c.field),
        oldValue: c.from || null,
        newValue: c.to || null,
        detail: { term_id: termId, subject: subject.code, column: c.field, source: 'grid' },
        at: ctx.clock(),
      })),
    );
    return {
      student_id: input.student_id,
      subject_id: input.subject_id,
      course_mark: course.mark,
      exam_mark: exam.mark,
      course_absent: course.absent,
      exam_absent: exam.absent,
      total,
      grade,
    };
  });
}
