import { and, desc, eq } from 'drizzle-orm';
import {
  instantFromSchoolTime,
  normalSchoolTime,
  postMessages,
  resultMessages,
  schoolTimeOf,
  timestampInZone,
  type PostingTerm,
  type postTermRequestSchema,
} from '@sp/domain';
import type { z } from 'zod';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { terms } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { notifyReportCards } from '../../mail/notify.js';
import type { Actor } from '../../plugins/auth.js';
import {
  clearPosting,
  leftOutBy,
  leftOutOfPosting,
  postingCandidates,
  recordPosting,
  type Inclusion,
  type PostingRecord,
} from '../../shared/posted-cards.js';
import { releaseDueTerms } from '../../shared/term-release.js';

export const postingMessages = {
  unknownClass: (c: string) => `There is no class ${c} with students this term.`,
};

const shape = (ctx: AppContext, t: typeof terms.$inferSelect): PostingTerm => ({
  id: t.id,
  year: t.year,
  term: t.term,
  posted: t.posted,
  date_posted: t.date_posted,
  release_at: t.release_at?.toISOString() ?? null,
  release_at_school: t.release_at
    ? schoolTimeOf(t.release_at.toISOString(), ctx.config.SCHOOL_TIMEZONE)
    : null,
  time_zone: ctx.config.SCHOOL_TIMEZONE,
});

/** Spec `GET /api/term-reports-posted`, newest first; releases that have come due are posted first. */
export async function listPostedTerms(ctx: AppContext): Promise<PostingTerm[]> {
  await releaseDueTerms(ctx);
  const rows = await ctx.db.select().from(terms).orderBy(desc(terms.year), desc(terms.term));
  return rows.map((t) => shape(ctx, t));
}

async function termRow(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(terms).where(eq(terms.id, id));
  if (!row) throw notFound(resultMessages.unknownTerm);
  return row;
}

type Body = z.output<typeof postTermRequestSchema>;

const namesInclusion = (body: Body): boolean =>
  body.include_all !== undefined || body.include_classes !== undefined || body.include_no_class !== undefined;

/**
 * Whom this posting includes although they have no entered mark (D41). A request that names no inclusion
 * keeps the current posting's (none for a term not yet posted), so posting again never quietly takes a
 * card away; one that names any states the whole choice.
 */
function inclusionOf(body: Body, before: typeof terms.$inferSelect): Inclusion {
  if (!namesInclusion(body))
    return before.posted === 1
      ? { all: before.include_all, classes: [...before.included_classes] }
      : { all: false, classes: [] };
  const classes = [...new Set(body.include_classes ?? [])];
  return { all: body.include_all ?? false, classes: body.include_no_class ? [...classes, ''] : classes };
}

/**
 * Who the posting leaves out, worked out with the term row locked: a student deleted or a mark entered
 * meanwhile is seen. A class the request names must have students; one kept from before that has none now
 * is dropped ('' is "no class", which may be empty).
 */
async function leftOutNow(tx: Tx, termId: number, include: Inclusion, named: boolean) {
  const { candidates } = await postingCandidates(tx, termId);
  const known = new Set(candidates.map((c) => c.class_id));
  const unknown = include.classes.find((c) => c !== '' && !known.has(c));
  if (unknown !== undefined && named)
    throw badRequest(postingMessages.unknownClass(unknown), 'include_classes');
  const kept = { ...include, classes: include.classes.filter((c) => known.has(c)) };
  return { include: kept, leftOut: leftOutBy(candidates, kept), candidates };
}

/**
 * Spec `POST /api/post-term-reports`: posted 1 posts the term (date_posted stamped by the server in the
 * school's zone), posted 0 removes it (date_posted emptied, a scheduled release cancelled). Audited.
 * Posting leaves out students with no entered mark unless their class is included (D41); posting a posted
 * term again decides that afresh (marks that came later, or a class now included), starting from the
 * classes it included before, and keeps its date.
 */
export async function postTermReports(ctx: AppContext, actor: Actor, body: Body): Promise<PostingTerm> {
  const [row] = await ctx.db
    .select()
    .from(terms)
    .where(and(eq(terms.year, body.year), eq(terms.term, body.term)));
  if (!row) throw notFound(postMessages.unknownTerm(body.year, body.term));
  const now = ctx.clock();
  if (Number(body.posted) === 1) {
    const named = namesInclusion(body);
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(terms).where(eq(terms.id, row.id)).for('update');
      const again = before!.posted === 1;
      const { include, leftOut, candidates } = await leftOutNow(
        tx,
        row.id,
        inclusionOf(body, before!),
        named,
      );
      // Posting again tells only the families of students it gives a card to for the first time.
      const wasOut = again ? await leftOutOfPosting(tx, row.id) : () => true;
      await tx
        .update(terms)
        .set({
          posted: 1,
          date_posted: again ? before!.date_posted : timestampInZone(now, ctx.config.SCHOOL_TIMEZONE),
          release_at: null,
        })
        .where(eq(terms.id, row.id));
      await recordPosting(tx, row.id, include, leftOut);
      const out = new Set(leftOut);
      const carded = candidates.filter((c) => !out.has(c.id) && wasOut(c.id)).map((c) => c.id);
      await notifyReportCards(tx, ctx, row, carded, now);
      const record: PostingRecord = {
        term_id: row.id,
        year: row.year,
        term: row.term,
        left_out_count: leftOut.length,
        included_classes: include.all ? ['*'] : include.classes,
      };
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'post_term',
        detail: { ...record, ...(again ? { again: true } : {}) },
        at: now,
      });
    });
  } else {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(terms)
        .set({ posted: 0, date_posted: null, release_at: null })
        .where(eq(terms.id, row.id));
      await clearPosting(tx, row.id);
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'unpost_term',
        detail: { term_id: row.id, year: row.year, term: row.term, was_posted: row.posted === 1 },
        at: now,
      });
    });
  }
  return shape(ctx, await termRow(ctx, row.id));
}

/** A typed release time: an ISO instant, or the school's wall clock ("2026-12-01 08:00") in its zone. */
function releaseInstant(ctx: AppContext, text: string): Date {
  const local = normalSchoolTime(text);
  const at = local ? instantFromSchoolTime(local, ctx.config.SCHOOL_TIMEZONE) : new Date(text);
  if (!at || Number.isNaN(at.getTime())) throw badRequest(postMessages.releaseInPast, 'release_at');
  return at;
}

/** D24: posts the term by itself at a chosen instant (null cancels); only a term not yet posted. */
export async function scheduleRelease(
  ctx: AppContext,
  actor: Actor,
  id: number,
  releaseAt: string | null,
): Promise<PostingTerm> {
  const row = await termRow(ctx, id);
  const at = releaseAt === null ? null : releaseInstant(ctx, releaseAt);
  if (at && at.getTime() <= ctx.clock().getTime()) throw badRequest(postMessages.releaseInPast, 'release_at');
  if (at && row.posted === 1)
    throw new AppError(409, `${row.year} Term ${row.term} reports are posted already; remove them first.`);
  await ctx.db.transaction(async (tx) => {
    await tx.update(terms).set({ release_at: at }).where(eq(terms.id, id));
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'schedule_term',
      oldValue: row.release_at?.toISOString() ?? null,
      newValue: at?.toISOString() ?? null,
      detail: { term_id: id, year: row.year, term: row.term },
      at: ctx.clock(),
    });
  });
  return shape(ctx, await termRow(ctx, id));
}
