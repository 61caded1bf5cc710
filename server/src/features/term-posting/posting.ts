import { and, desc, eq } from 'drizzle-orm';
import {
  listName,
  postMessages,
  resultMessages,
  type MissingResults,
  type PostedTerm,
  type postTermReportsSchema,
} from '@sp/domain';
import type { z } from 'zod';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { termResults, termSummaries, terms } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { studentsInClasses, subjectsForTerm } from '../../shared/term-data.js';
import { postTerm, releaseDueTerms } from '../../shared/term-release.js';

const shape = (t: typeof terms.$inferSelect): PostedTerm => ({
  id: t.id,
  year: t.year,
  term: t.term,
  posted: t.posted,
  date_posted: t.date_posted,
  release_at: t.release_at?.toISOString() ?? null,
});

/** Spec `GET /api/term-reports-posted`, newest first; releases that have come due are posted first. */
export async function listPostedTerms(ctx: AppContext): Promise<PostedTerm[]> {
  await releaseDueTerms(ctx);
  const rows = await ctx.db.select().from(terms).orderBy(desc(terms.year), desc(terms.term));
  return rows.map(shape);
}

async function termRow(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(terms).where(eq(terms.id, id));
  if (!row) throw notFound(resultMessages.unknownTerm);
  return row;
}

/**
 * Spec `POST /api/post-term-reports`: posted 1 posts the term (date_posted stamped by the server in the
 * school's zone), posted 0 removes it (date_posted emptied, a scheduled release cancelled). Audited.
 */
export async function postTermReports(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof postTermReportsSchema>,
): Promise<PostedTerm> {
  const [row] = await ctx.db
    .select()
    .from(terms)
    .where(and(eq(terms.year, body.year), eq(terms.term, body.term)));
  if (!row) throw notFound(postMessages.unknownTerm(body.year, body.term));
  if (Number(body.posted) === 1) {
    await postTerm(ctx, actor, row.id);
  } else {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(terms)
        .set({ posted: 0, date_posted: null, release_at: null })
        .where(eq(terms.id, row.id));
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'unpost_term',
        detail: { term_id: row.id, year: row.year, term: row.term, was_posted: row.posted === 1 },
        at: ctx.clock(),
      });
    });
  }
  return shape(await termRow(ctx, row.id));
}

/** D24: posts the term by itself at a chosen instant (null cancels); only a term not yet posted. */
export async function scheduleRelease(
  ctx: AppContext,
  actor: Actor,
  id: number,
  releaseAt: string | null,
): Promise<PostedTerm> {
  const row = await termRow(ctx, id);
  const at = releaseAt === null ? null : new Date(releaseAt);
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
  return shape(await termRow(ctx, id));
}

/**
 * The check before posting: every enrolled student in a class whose form takes subjects, who lacks a result
 * in one of them or has no summary this term.
 */
export async function missingResults(ctx: AppContext, id: number): Promise<MissingResults> {
  await termRow(ctx, id);
  const [people, offered, results, summaries] = await Promise.all([
    studentsInClasses(ctx.db),
    subjectsForTerm(ctx.db, id),
    ctx.db
      .select({ student_id: termResults.student_id, subject_id: termResults.subject_id })
      .from(termResults)
      .where(eq(termResults.term_id, id)),
    ctx.db
      .select({ student_id: termSummaries.student_id })
      .from(termSummaries)
      .where(eq(termSummaries.term_id, id)),
  ]);
  const have = new Set(results.map((r) => `${r.student_id}|${r.subject_id}`));
  const summarised = new Set(summaries.map((s) => s.student_id));
  const list: MissingResults = [];
  for (const p of people) {
    const wanted = offered.get(p.form);
    if (!wanted?.size) continue;
    const missing = [...wanted].filter(([sid]) => !have.has(`${p.id}|${sid}`)).map(([, s]) => s.code);
    const noSummary = !summarised.has(p.id);
    if (missing.length || noSummary)
      list.push({
        id: p.id,
        name: listName(p.first, p.last),
        class_id: p.class_id,
        missing,
        no_summary: noSummary,
      });
  }
  return list.sort(
    (a, b) => (a.class_id ?? '').localeCompare(b.class_id ?? '') || a.name.localeCompare(b.name),
  );
}
