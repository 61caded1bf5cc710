import { asc, eq } from 'drizzle-orm';
import {
  ROLLOVER_MARKS,
  academicYearLabel,
  planRollover,
  previewPart,
  type RolloverMark,
  type RolloverPlan,
  type RolloverPreview,
  type RolloverPreviewQuery,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { classMoves, enrolments, formClasses, students } from '../../db/schema.js';
import { currentYear } from '../../shared/school-years.js';
import { readSettings } from '../../shared/settings.js';

type Conn = Db | Tx;

const isMark = (v: string | null): v is RolloverMark =>
  (ROLLOVER_MARKS as readonly string[]).includes(v ?? '');

/** The school's old → new class map, in class order. */
export async function readClassMoves(db: Conn): Promise<{ from: string; to: string }[]> {
  return db
    .select({ from: classMoves.from_class_id, to: classMoves.to_class_id })
    .from(classMoves)
    .orderBy(asc(classMoves.from_class_id));
}

/**
 * Everything the planner reads for a year, in four queries whatever the school's size: the year's enrolled
 * students with their live class and marks, the class list, the class moves and the sixth-form setting.
 */
export async function planYear(db: Conn, year: number): Promise<{ plan: RolloverPlan; sixthForm: boolean }> {
  // One after another: inside the confirm's transaction the queries share one connection.
  const rows = await db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      class_id: students.class_id,
      form_level: formClasses.form_level,
      withdrawn_at: students.withdrawn_at,
      next_mark: enrolments.next_mark,
      next_school: enrolments.next_school,
      next_class_id: enrolments.next_class_id,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.student_id))
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .where(eq(enrolments.year, year))
    // The preview pages through the rows in this order; the plan and its hash do not depend on it.
    .orderBy(asc(students.class_id), asc(students.last_name), asc(students.first_name), asc(students.id));
  const classes = await db
    .select({ class_id: formClasses.class_id, form_level: formClasses.form_level })
    .from(formClasses);
  const moves = await readClassMoves(db);
  const settings = await readSettings(db, ['sixth_form']);
  const plan = planRollover({
    fromYear: year,
    students: rows.map(({ withdrawn_at, next_mark, ...s }) => ({
      ...s,
      withdrawn: withdrawn_at !== null,
      next_mark: isMark(next_mark) ? next_mark : null,
    })),
    classes,
    classMoves: moves,
    sixthForm: settings.sixth_form,
  });
  return { plan, sixthForm: settings.sixth_form };
}

/**
 * `GET /api/admin/rollover/preview`: the plan for the current year, written by nothing. The plan is the whole
 * school's; the answer holds its counts and a page of its rows, so its size does not grow with the school.
 */
export async function previewRollover(
  ctx: AppContext,
  query: RolloverPreviewQuery = {},
): Promise<RolloverPreview> {
  const { year } = await currentYear(ctx.db);
  const { plan, sixthForm } = await planYear(ctx.db, year);
  const { students: _rows, conflicts: _conflicts, ...counts } = plan;
  return {
    ...counts,
    ...previewPart(plan, query),
    year_label: academicYearLabel(plan.from_year),
    next_year_label: academicYearLabel(plan.to_year),
    sixth_form: sixthForm,
  };
}
