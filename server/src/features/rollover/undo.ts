import { and, eq, gt, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { academicYearLabel, dateInZone } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, enrolments, schoolYears, uploadedFiles } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { RolloverDetail } from './confirm.js';
import { restoreFromFrozen } from './freeze.js';

type Conn = Db | Tx;

/** Audit rows that save nothing: signing in and out does not stop an undo. */
/** Audit actions that save nothing in the year: signing in and out, and a staff member's own second factor. */
const SIGN_INS = [
  'login',
  'login_failed',
  'login_refused',
  'admin_login',
  'admin_login_failed',
  'logout',
  'parent_login',
  'parent_login_failed',
  'second_factor',
];

interface UndoableRollover {
  year: number;
  auditId: number;
  at: Date;
  detail: RolloverDetail;
}

/**
 * Why the rollover that opened `year` cannot be undone now, or null when it can: it must be the current
 * year's, made today at the school, with nothing saved since (an audit row other than a sign-in) and no
 * document uploaded since.
 */
export async function undoRefusal(
  db: Conn,
  ctx: AppContext,
  year: number,
): Promise<{ refusal: string; rollover: null } | { refusal: null; rollover: UndoableRollover }> {
  const no = (refusal: string) => ({ refusal, rollover: null });
  const label = academicYearLabel(year);
  const [row] = await db.select().from(schoolYears).where(eq(schoolYears.year, year));
  if (!row) throw notFound(`There is no school year ${label}.`);
  if (row.state !== 'current')
    return no(`${label} is closed: only the current year's rollover can be undone.`);
  const [audit] = row.rollover_audit_id
    ? await db.select().from(auditLog).where(eq(auditLog.id, row.rollover_audit_id))
    : [];
  if (!audit) return no(`${label} was not opened by a rollover: there is nothing to undo.`);
  const zone = ctx.config.SCHOOL_TIMEZONE;
  if (dateInZone(audit.at, zone) !== dateInZone(ctx.clock(), zone))
    return no(`The rollover can only be undone on the day it was made (${dateInZone(audit.at, zone)}).`);
  const [saved] = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(gt(auditLog.id, audit.id), notInArray(auditLog.action, SIGN_INS)))
    .limit(1);
  if (saved) return no(`Something was saved in ${label} since the rollover, so it can no longer be undone.`);
  const [upload] = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(gte(uploadedFiles.uploaded_at, audit.at))
    .limit(1);
  if (upload)
    return no(`A document was uploaded in ${label} since the rollover, so it can no longer be undone.`);
  return {
    refusal: null,
    rollover: { year, auditId: audit.id, at: audit.at, detail: audit.detail as RolloverDetail },
  };
}

/**
 * `POST /api/admin/rollover/undo` {year: the year the rollover opened}: puts back the live rows from the
 * closed year's frozen enrolments, deletes the new year, and makes the closed year current again.
 */
export async function undoRollover(ctx: AppContext, actor: Actor, year: number) {
  return ctx.db.transaction(async (tx) => {
    // The same rows a confirm locks, so an undo and a confirm never interleave.
    await tx
      .select({ year: schoolYears.year })
      .from(schoolYears)
      .where(inArray(schoolYears.year, [year - 1, year]))
      .for('update');
    const { refusal, rollover } = await undoRefusal(tx, ctx, year);
    if (refusal !== null) throw new AppError(409, refusal);
    const from = year - 1;
    await restoreFromFrozen(tx, from);
    const { before, windows_open: windowsOpen } = rollover.detail;
    if (windowsOpen.length)
      await tx.execute(
        sql`UPDATE registration_windows SET open = 1 WHERE form_level = ANY(${sql.param(windowsOpen)}::smallint[])`,
      );
    // Each student the rollover gave a history line gets one saying it was undone.
    const who = auditActor(actor);
    await tx.execute(sql`
      INSERT INTO audit_log (at, actor_kind, actor_id, ip, action, student_id, detail)
      SELECT ${ctx.clock().toISOString()}::timestamptz, ${who.actorKind}, ${who.actorId}, ${who.ip},
        'rollover_undo', a.student_id, jsonb_build_object('from_year', ${from}::int, 'to_year', ${year}::int)
      FROM audit_log a WHERE a.action = 'year_end' AND a.id < ${rollover.auditId} AND a.at = ${rollover.at.toISOString()}::timestamptz`);
    await tx.delete(enrolments).where(eq(enrolments.year, year));
    await tx.delete(schoolYears).where(eq(schoolYears.year, year));
    await tx
      .update(enrolments)
      .set({
        status: 'enrolled',
        status_note: null,
        form_level: null,
        class_id: null,
        house_code: null,
        steps: null,
        terms: null,
        record: null,
        documents: null,
      })
      .where(eq(enrolments.year, from));
    if (before.length)
      await tx.execute(sql`
        UPDATE enrolments e SET status = v.status, status_note = v.note
        FROM unnest(${sql.param(before.map((b) => b.student_id))}::varchar[],
                    ${sql.param(before.map((b) => b.status))}::varchar[],
                    ${sql.param(before.map((b) => b.status_note))}::varchar[]) AS v(id, status, note)
        WHERE e.student_id = v.id AND e.year = ${from}`);
    await tx
      .update(schoolYears)
      .set({ state: 'current', closed_at: null, closed_by: null })
      .where(eq(schoolYears.year, from));
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'rollover_undo',
      detail: { from_year: from, to_year: year, rollover_audit_id: rollover.auditId },
      at: ctx.clock(),
    });
    return { year: from, undone_year: year };
  });
}
