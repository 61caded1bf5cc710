import { and, eq, inArray, sql } from 'drizzle-orm';
import { academicYearLabel, messages, type ClassMove, type RolloverMarkUpdate } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { auditLog, classMoves, enrolments, formClasses, students } from '../../db/schema.js';
import { notFound, validationError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { inCurrentYear } from '../../shared/school-years.js';
import { readClassMoves } from './plan-input.js';

const markColumns = (input: RolloverMarkUpdate) => ({ next_mark: input.mark, next_school: input.school });
const markText = (mark: string | null, school: string | null) =>
  [mark, school].filter(Boolean).join(': ') || null;

/** The audit row of a mark: who set what, now. */
const markAudit = (ctx: AppContext, actor: Actor, input: RolloverMarkUpdate) => ({
  ...auditActor(actor),
  action: 'rollover_mark' as const,
  field: 'next_mark',
  newValue: markText(input.mark, input.school),
  at: ctx.clock(),
});

/** `PUT /api/admin/rollover/marks/:studentId`: one student's mark for the coming rollover (null clears it). */
export async function setStudentMark(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  input: RolloverMarkUpdate,
) {
  return inCurrentYear(ctx, async (tx, year) => {
    const [before] = await tx
      .select({ mark: enrolments.next_mark, school: enrolments.next_school })
      .from(enrolments)
      .where(and(eq(enrolments.student_id, studentId), eq(enrolments.year, year)))
      .for('update');
    if (!before) {
      const [student] = await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId));
      if (!student) throw notFound(messages.noStudent);
      throw notFound(`${studentId} is not enrolled in ${academicYearLabel(year)}.`);
    }
    await tx
      .update(enrolments)
      .set(markColumns(input))
      .where(and(eq(enrolments.student_id, studentId), eq(enrolments.year, year)));
    await writeAudit(tx, {
      ...markAudit(ctx, actor, input),
      studentId,
      oldValue: markText(before.mark, before.school),
      detail: { year },
    });
    return { student_id: studentId, ...input };
  });
}

/** `PUT /api/admin/rollover/class-marks/:classId`: the same mark for every student of the class this year. */
export async function setClassMark(
  ctx: AppContext,
  actor: Actor,
  classId: string,
  input: RolloverMarkUpdate,
) {
  return inCurrentYear(ctx, async (tx, year) => {
    const [found] = await tx
      .select({ id: formClasses.class_id })
      .from(formClasses)
      .where(eq(formClasses.class_id, classId));
    if (!found) throw notFound(`There is no class ${classId}.`);
    const ofClass = and(
      eq(enrolments.year, year),
      inArray(
        enrolments.student_id,
        tx.select({ id: students.id }).from(students).where(eq(students.class_id, classId)),
      ),
    );
    // Each student's history shows the mark as a single student's does: one row per student, old → new.
    const entry = markAudit(ctx, actor, input);
    await tx.execute(sql`
      INSERT INTO ${auditLog} (at, actor_kind, actor_id, action, student_id, field, old_value, new_value, ip, detail)
      SELECT ${entry.at.toISOString()}::timestamptz, ${entry.actorKind}, ${entry.actorId ?? null}, ${entry.action}, ${enrolments.student_id},
        ${entry.field}, NULLIF(concat_ws(': ', ${enrolments.next_mark}, ${enrolments.next_school}), ''),
        ${entry.newValue}, ${entry.ip ?? null}, ${JSON.stringify({ year, class_id: classId })}::jsonb
      FROM ${enrolments} WHERE ${ofClass}`);
    const changed = await tx
      .update(enrolments)
      .set(markColumns(input))
      .where(ofClass)
      .returning({ id: enrolments.student_id });
    return { class_id: classId, students: changed.length, ...input };
  });
}

/**
 * `PUT /api/admin/rollover/class-moves`: replaces the school's class map. A move from a class the school does
 * not have is refused; a move into a missing class is kept and shows as a conflict in the preview, so the
 * office can add the class in Settings → Classes afterwards.
 */
export async function replaceClassMoves(ctx: AppContext, actor: Actor, moves: readonly ClassMove[]) {
  // Held like a mark: a confirm plans from the map, so a new map waits for it and it for the map.
  return inCurrentYear(ctx, async (tx) => {
    const froms = moves.map((m) => m.from);
    const known = new Set(
      froms.length === 0
        ? []
        : (
            await tx
              .select({ id: formClasses.class_id })
              .from(formClasses)
              .where(inArray(formClasses.class_id, froms))
          ).map((r) => r.id),
    );
    const unknown = moves.flatMap((m, i) =>
      known.has(m.from) ? [] : [{ field: `${i}.from`, message: `There is no class ${m.from}.` }],
    );
    if (unknown.length) throw validationError(unknown);
    const before = await readClassMoves(tx);
    await tx.delete(classMoves).where(sql`true`);
    if (moves.length)
      await tx.insert(classMoves).values(moves.map((m) => ({ from_class_id: m.from, to_class_id: m.to })));
    const text = (list: readonly ClassMove[]) => list.map((m) => `${m.from}→${m.to}`).join(', ') || null;
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'rollover_mark',
      field: 'class_moves',
      oldValue: text(before),
      newValue: text(moves),
      at: ctx.clock(),
    });
    return readClassMoves(tx);
  });
}
