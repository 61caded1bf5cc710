import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { timestampInZone } from '@sp/domain';
import { auditActor, writeAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { terms } from '../db/schema.js';
import { notifyReportCards } from '../mail/notify.js';
import { systemActor, type Actor } from '../plugins/auth.js';
import { leftOutBy, postingCandidates, recordPosting } from './posted-cards.js';

/**
 * D24 and spec section 4: posting sets posted 1 and stamps date_posted with the school's local time in
 * sv-SE form (yyyy-MM-dd HH:mm:ss); a scheduled release is used up. Only a term not yet posted changes, so
 * two processes releasing the same term write it (and its audit row) once. Returns whether it changed.
 * Like a posting by hand that includes nobody (D41), it records in its transaction whom it leaves out: who
 * has no entered mark at that moment. A card is then read by key, and marks entered later wait for a re-post.
 */
export async function postTerm(
  ctx: AppContext,
  actor: Actor,
  termId: number,
  scheduled = false,
): Promise<boolean> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(terms)
      .set({ posted: 1, date_posted: timestampInZone(now, ctx.config.SCHOOL_TIMEZONE), release_at: null })
      .where(and(eq(terms.id, termId), eq(terms.posted, 0)))
      .returning({ year: terms.year, term: terms.term });
    if (changed.length === 0) return false;
    // The update above holds the term row's lock, so the marks read here are the ones posted.
    const { candidates } = await postingCandidates(tx, termId);
    const leftOut = leftOutBy(candidates, { all: false, classes: [] });
    await recordPosting(tx, termId, { all: false, classes: [] }, leftOut);
    const out = new Set(leftOut);
    const carded = candidates.filter((c) => !out.has(c.id)).map((c) => c.id);
    await notifyReportCards(tx, ctx, changed[0]!, carded, now);
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'post_term',
      detail: {
        term_id: termId,
        ...changed[0],
        left_out_count: leftOut.length,
        included_classes: [],
        ...(scheduled ? { scheduled: true } : {}),
      },
      at: now,
    });
    return true;
  });
}

/** Posts every term whose scheduled release has come. */
export async function releaseDueTerms(ctx: AppContext): Promise<number> {
  const due = await ctx.db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.posted, 0), isNotNull(terms.release_at), lte(terms.release_at, ctx.clock())));
  let released = 0;
  for (const { id } of due) if (await postTerm(ctx, systemActor('schedule'), id, true)) released++;
  return released;
}

/** Checks for due releases every minute until stopped; a failed check is logged and tried again. */
export function startReleaseTimer(ctx: AppContext, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    releaseDueTerms(ctx).catch((err: unknown) => ctx.log.error({ err }, 'scheduled term release failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
