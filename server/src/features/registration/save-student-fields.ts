import { eq } from 'drizzle-orm';
import type { SaveResult, StudentFields, StudentUpdate } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { students } from '../../db/schema.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { writeProgress } from '../../shared/student-record.js';
import { currentTerms } from '../../shared/settings.js';
import { planSave, type SavePlan } from './plan-save.js';
import { readForSave } from './read-for-save.js';
import { writeIfUnchanged } from './write-if-unchanged.js';

export { STAFF_ONLY_MESSAGE } from './plan-save.js';

const result = (plan: SavePlan, termsAgreedAt?: Date | null): SaveResult => ({
  message: plan.changed.length ? 'Saved.' : 'No change.',
  updated: plan.changed,
  progress: plan.progress,
  ...(termsAgreedAt !== undefined ? { terms_agreed_at: termsAgreedAt?.toISOString() ?? null } : {}),
});

/**
 * Saves the fields sent, and only those (D14): the changed columns and an audit row per changed field, in one
 * transaction. Students may save while registration is open for their form; staff always.
 *
 * Most saves change a field or two and complete no step: those take two statements, a read and one write that
 * applies only if the row is still as read. Anything else (a step completed or undone, the terms agreed to,
 * or a row written in between) takes the locking transaction.
 */
export async function saveStudentFields(
  ctx: AppContext,
  actor: Actor,
  body: StudentUpdate,
): Promise<SaveResult> {
  const { id, ...changes } = body as { id: string } & StudentFields;
  assertMayActOn(actor, id);

  // Another save of the same student between the read and the write (a family on two phones) means reading
  // again; the row is never locked across round trips, so saves of one student do not queue behind each other.
  for (let attempt = 0; attempt < QUICK_ATTEMPTS; attempt++) {
    const seen = await readForSave(ctx.db, id, changes, false);
    const quick = planSave(ctx, actor, id, changes, seen);
    if (quick.progressChanged || quick.changed.includes('agree_terms_conditions')) break;
    if (!quick.changed.length) return result(quick);
    const set = pick(changes, quick.changed);
    if (await writeIfUnchanged(ctx.db, id, seen!.version, set, quick.audit, ctx.clock()))
      return result(quick);
  }

  return ctx.db.transaction(async (tx) => {
    const current = await readForSave(tx, id, changes, true);
    const plan = planSave(ctx, actor, id, changes, current);
    const now = ctx.clock();
    const set: Record<string, unknown> = { ...changes, updated_at: now };
    let termsAgreedAt: Date | null | undefined;
    if (plan.changed.includes('agree_terms_conditions')) {
      // D20: who agreed and when.
      const agreed = changes.agree_terms_conditions === 1;
      termsAgreedAt = agreed ? now : null;
      set.terms_agreed_at = termsAgreedAt;
      set.terms_agreed_ip = agreed ? actor.ip : null;
      // D25: the version agreed to, so a later change of the text leaves this agreement as it was.
      set.terms_version = agreed ? (await currentTerms(tx)).version : null;
    }
    if (plan.changed.length) await tx.update(students).set(set).where(eq(students.id, id));
    await writeAudit(tx, plan.audit);
    await writeProgress(tx, id, plan.progress, now, current!.progress);
    return result(plan, termsAgreedAt);
  });
}

/** How many times a save tries the two-statement way before it takes the locking transaction. */
const QUICK_ATTEMPTS = 3;

const pick = (fields: StudentFields, names: string[]): StudentFields =>
  Object.fromEntries(names.map((name) => [name, fields[name]])) as StudentFields;
