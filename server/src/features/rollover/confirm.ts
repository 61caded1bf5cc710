import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { academicYearLabel, yearCloseRefusal, type RolloverConfirm, type RolloverPlan } from '@sp/domain';
import { auditActor } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { isEmbedded, type Db, type Tx } from '../../db/client.js';
import { refreshStatistics } from '../../db/statistics.js';
import { auditLog, schoolYears } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { archiveYearlyDocuments, countOf, moveBatch, rowsOf, type RolloverStamp } from './freeze.js';
import { planYear } from './plan-input.js';

/**
 * Students per statement of the per-student writes. The embedded database runs in this process, so its
 * statements are kept short (about 50 ms for 250 students) with a turn of the event loop between; a
 * PostgreSQL server works apart from it, and fewer, larger statements save planning and round trips.
 */
const batchSize = (db: Db) => (isEmbedded(db) ? 250 : 2500);

export interface RolloverCounts {
  students: number;
  continuing: number;
  repeating: number;
  leavers: RolloverPlan['leavers'];
  archived_documents: number;
  removed_checks: number;
  closed_windows: number;
}

export interface RolloverResult extends RolloverCounts {
  /** True when this year had already been rolled over: nothing was written this time. */
  already: boolean;
  from_year: number;
  to_year: number;
}

/** What the rollover's audit row keeps: its counts, and what undo needs that the frozen rows do not hold. */
export interface RolloverDetail extends RolloverCounts {
  from_year: number;
  to_year: number;
  /** Enrolments of the closing year whose status was not plain 'enrolled', as they were. */
  before: { student_id: string; status: string; status_note: string | null }[];
  /** The forms whose registration window was open. */
  windows_open: number[];
}

/**
 * The year rows as they stand once the closing year's row is locked. A second confirm waiting on the lock
 * reads them again after the first commits, in a statement of its own, so it sees the year the first opened.
 */
async function lockedYears(tx: Tx, from: number, to: number) {
  const [locked] = await tx
    .select({ year: schoolYears.year })
    .from(schoolYears)
    .where(eq(schoolYears.year, from))
    .for('update');
  if (!locked) throw notFound(`There is no school year ${academicYearLabel(from)}.`);
  const rows = await tx
    .select()
    .from(schoolYears)
    .where(inArray(schoolYears.year, [from, to]));
  return { fromRow: rows.find((r) => r.year === from)!, toRow: rows.find((r) => r.year === to) };
}

const refuse = (message: string) => new AppError(409, message);

/** The plan written a batch of students per statement, with a turn of the event loop between. */
async function moveStudents(tx: Tx, plan: RolloverPlan, batch: number, by: RolloverStamp) {
  for (let i = 0; i < plan.students.length; i += batch) {
    await nextTurn();
    await moveBatch(tx, plan.from_year, plan.students.slice(i, i + batch), by);
  }
}

/**
 * D49: closes the current year and opens the next, as previewed, in one transaction. Idempotent by the year
 * rows under a row lock: once the year is closed and the next is current, a confirm answers `already` and
 * writes nothing. A plan that differs from the preview's (a mark changed since) or has conflicts is refused.
 */
export async function confirmRollover(
  ctx: AppContext,
  actor: Actor,
  input: RolloverConfirm,
): Promise<RolloverResult> {
  const now = ctx.clock();
  const result = await ctx.db.transaction(async (tx) => {
    const { fromRow, toRow } = await lockedYears(tx, input.from_year, input.to_year);
    const label = academicYearLabel(input.from_year);
    if (fromRow.state === 'closed' && toRow?.state === 'current') {
      const [audit] = await tx
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.id, toRow.rollover_audit_id ?? -1));
      const { before: _b, windows_open: _w, ...counts } = (audit?.detail ?? {}) as unknown as RolloverDetail;
      return { ...counts, already: true, from_year: input.from_year, to_year: input.to_year };
    }
    if (fromRow.state !== 'current') throw refuse(`${label} is not the current school year.`);
    if (toRow) throw refuse(`The school year ${academicYearLabel(input.to_year)} already exists.`);
    // A year opened minutes ago is not closed again by a stray click: it may be closed once it has started.
    const notStarted = yearCloseRefusal(input.from_year, fromRow.starts_on, todayAtSchool(ctx));
    if (notStarted) throw refuse(notStarted);

    const { plan } = await planYear(tx, input.from_year);
    if (plan.plan_hash !== input.plan_hash)
      throw refuse(
        'The plan has changed since the preview was loaded (a mark, a class or a setting). Look at the preview again, then confirm.',
      );
    if (plan.conflicts.length)
      throw refuse(
        `${plan.conflicts.length === 1 ? 'One conflict remains' : `${plan.conflicts.length} conflicts remain`}: ${plan.conflicts[0]!.message}`,
      );

    const before = rowsOf<RolloverDetail['before'][number]>(
      await tx.execute(sql`
        SELECT student_id, status, status_note FROM enrolments
        WHERE year = ${input.from_year} AND (status <> 'enrolled' OR status_note IS NOT NULL)`),
    );
    const windowsOpen = rowsOf<{ form_level: number }>(
      await tx.execute(sql`SELECT form_level FROM registration_windows WHERE open <> 0 ORDER BY form_level`),
    ).map((r) => r.form_level);

    await tx
      .update(schoolYears)
      .set({ state: 'closed', closed_at: now, closed_by: actor.id })
      .where(eq(schoolYears.year, input.from_year));
    await tx.insert(schoolYears).values({
      year: input.to_year,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      state: 'current',
      opened_at: now,
      opened_by: actor.id,
    });
    await moveStudents(tx, plan, batchSize(ctx.db), { at: now, ...auditActor(actor) });
    const archived = await archiveYearlyDocuments(tx, input.from_year);
    const closedWindows = await countOf(tx, sql`UPDATE registration_windows SET open = 0 WHERE open <> 0`);

    const continuing = plan.students.filter((r) => r.next !== null).length;
    const counts: RolloverCounts = {
      students: plan.students.length,
      continuing,
      repeating: plan.repeating,
      leavers: plan.leavers,
      archived_documents: archived.files,
      removed_checks: archived.checks,
      closed_windows: closedWindows,
    };
    const detail: RolloverDetail = {
      ...counts,
      from_year: input.from_year,
      to_year: input.to_year,
      before,
      windows_open: windowsOpen,
    };
    const who = auditActor(actor);
    const [audit] = await tx
      .insert(auditLog)
      .values({
        at: now,
        action: 'rollover',
        actor_kind: who.actorKind,
        actor_id: who.actorId,
        ip: who.ip,
        detail: detail,
      })
      .returning({ id: auditLog.id });
    await tx
      .update(schoolYears)
      .set({ rollover_audit_id: audit!.id })
      .where(eq(schoolYears.year, input.to_year));
    return { ...counts, already: false, from_year: input.from_year, to_year: input.to_year };
  });
  // A year's enrolments, classes and records were written at once: the plans should know (ADR 0050).
  await refreshStatistics(ctx.db);
  return result;
}
