import { and, asc, eq } from 'drizzle-orm';
import {
  computeResult,
  listName,
  parseMark,
  resultMessages,
  type ClassGrid,
  type MarkInput,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { formClasses, students, termResults } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { subjectsForTerm, type OfferedSubject } from '../../shared/term-data.js';
import { findTerm } from './terms.js';

async function formOf(ctx: AppContext, classId: string): Promise<number> {
  const [found] = await ctx.db.select().from(formClasses).where(eq(formClasses.class_id, classId));
  if (!found) throw notFound('Unknown class.');
  return found.form_level;
}

/** One class in one term: its students (by last name) and each one's marks in the subjects of its form. */
export async function classGrid(ctx: AppContext, termId: number, classId: string): Promise<ClassGrid> {
  await findTerm(ctx, termId);
  const form = await formOf(ctx, classId);
  const offered = (await subjectsForTerm(ctx.db, termId)).get(form) ?? new Map<number, OfferedSubject>();
  const people = await ctx.db
    .select({ id: students.id, first: students.first_name, last: students.last_name })
    .from(students)
    .where(eq(students.class_id, classId))
    .orderBy(asc(students.last_name), asc(students.first_name));
  const results = await ctx.db
    .select()
    .from(termResults)
    .where(and(eq(termResults.term_id, termId), eq(termResults.class_id, classId)));
  const byStudent = new Map<string, typeof results>();
  for (const r of results) byStudent.set(r.student_id, [...(byStudent.get(r.student_id) ?? []), r]);
  return {
    subjects: [...offered].map(([id, s]) => ({ id, code: s.code, title: s.title })),
    students: people.map((p) => ({
      id: p.id,
      name: listName(p.first, p.last),
      results: (byStudent.get(p.id) ?? []).map((r) => ({
        subject_id: r.subject_id,
        course_mark: parseMark(r.course_mark),
        exam_mark: parseMark(r.exam_mark),
        total: parseMark(r.total),
        grade: r.grade,
      })),
    })),
  };
}

/** Corrects one student's course and exam mark in one subject; total and grade are computed again. */
export async function saveMark(ctx: AppContext, actor: Actor, termId: number, input: MarkInput) {
  await findTerm(ctx, termId);
  const [student] = await ctx.db
    .select({ class_id: students.class_id, form_level: formClasses.form_level })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .where(eq(students.id, input.student_id));
  if (!student) throw notFound(resultMessages.unknownStudent);
  const subject =
    student.form_level === null
      ? undefined
      : (await subjectsForTerm(ctx.db, termId)).get(student.form_level)?.get(input.subject_id);
  if (!subject)
    throw new AppError(400, 'The student’s form does not take that subject.', [
      { field: 'subject_id', message: 'The student’s form does not take that subject.' },
    ]);
  const { total, grade } = computeResult(input.course_mark, input.exam_mark, subject);
  const text = (v: number | null) => (v === null ? null : v.toFixed(1));
  const row = {
    student_id: input.student_id,
    term_id: termId,
    subject_id: input.subject_id,
    class_id: student.class_id,
    course_mark: text(input.course_mark),
    exam_mark: text(input.exam_mark),
    total: text(total),
    grade,
  };
  await ctx.db.transaction(async (tx) => {
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
    await tx
      .insert(termResults)
      .values(row)
      .onConflictDoUpdate({
        target: [termResults.student_id, termResults.term_id, termResults.subject_id],
        set: {
          course_mark: row.course_mark,
          exam_mark: row.exam_mark,
          total: row.total,
          grade: row.grade,
          class_id: row.class_id,
        },
      });
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'term_result_update',
      studentId: input.student_id,
      field: subject.code,
      oldValue: before
        ? JSON.stringify({ course_mark: before.course_mark, exam_mark: before.exam_mark })
        : null,
      newValue: JSON.stringify({ course_mark: row.course_mark, exam_mark: row.exam_mark }),
      detail: { term_id: termId, source: 'grid' },
      at: ctx.clock(),
    });
  });
  return {
    student_id: input.student_id,
    subject_id: input.subject_id,
    course_mark: input.course_mark,
    exam_mark: input.exam_mark,
    total,
    grade,
  };
}
