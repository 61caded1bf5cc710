import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, sql } from 'drizzle-orm';
import {
  ROLLOVER_MARKS,
  academicYearLabel,
  planRollover,
  previewPart,
  type RolloverPlan,
  type RolloverPreview,
  type RolloverPreviewQuery,
  type RolloverStudent,
  yearCloseRefusal,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { classMoves, enrolments, formClasses, students } from '../../db/schema.js';
import { currentYear } from '../../shared/school-years.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { readSettings } from '../../shared/settings.js';
import { rowsOf } from './freeze.js';

type Conn = Db | Tx;

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
  // One after another: inside the confirm's transaction the queries share one connection. The students come
  // as the planner reads them, straight from the driver, which builds each row as its part of the answer
  // arrives: a school of 100,000 is not mapped again in one go while the event loop waits.
  const marks = sql.join(
    ROLLOVER_MARKS.map((m) => sql`${m}`),
    sql`, `,
  );
  const rows = rowsOf<RolloverStudent>(
    await db.execute(sql`
      SELECT ${students.id} AS id, ${students.first_name} AS first_name, ${students.last_name} AS last_name,
             ${students.class_id} AS class_id, ${formClasses.form_level} AS form_level,
             ${students.withdrawn_at} IS NOT NULL AS withdrawn,
             CASE WHEN ${enrolments.next_mark} IN (${marks}) THEN ${enrolments.next_mark} END AS next_mark,
             ${enrolments.next_school} AS next_school, ${enrolments.next_class_id} AS next_class_id
      FROM ${enrolments}
      JOIN ${students} ON ${students.id} = ${enrolments.student_id}
      LEFT JOIN ${formClasses} ON ${formClasses.class_id} = ${students.class_id}
      WHERE ${enrolments.year} = ${year}
      -- The preview pages through the rows in this order; the plan and its hash do not depend on it.
      ORDER BY ${students.class_id}, ${students.last_name}, ${students.first_name}, ${students.id}`),
  );
  const classes = await db
    .select({ class_id: formClasses.class_id, form_level: formClasses.form_level })
    .from(formClasses);
  const moves = await readClassMoves(db);
  const settings = await readSettings(db, ['sixth_form']);
  await nextTurn();
  const plan = planRollover({
    fromYear: year,
    students: rows,
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
  const { year, starts_on } = await currentYear(ctx.db);
  const { plan, sixthForm } = await planYear(ctx.db, year);
  // The confirm refuses a year that has not started; the page says so instead of offering the button.
  const closeRefused = yearCloseRefusal(year, starts_on, todayAtSchool(ctx));
  // The plan and its page each take their own turn of the event loop.
  await nextTurn();
  const { students: _rows, conflicts: _conflicts, ...counts } = plan;
  return {
    ...counts,
    ...previewPart(plan, query),
    year_label: academicYearLabel(plan.from_year),
    next_year_label: academicYearLabel(plan.to_year),
    sixth_form: sixthForm,
    can_close: closeRefused === null,
    close_refused: closeRefused,
  };
}
