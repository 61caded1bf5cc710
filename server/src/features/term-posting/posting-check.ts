import { eq } from 'drizzle-orm';
import { resultMessages, type NoMarksReason, type PostingCheck } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { termSummaries, terms } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { hasEnteredMark, leftOutOfPosting, postingCandidates } from '../../shared/posted-cards.js';

/**
 * The check before posting (D41): per class, the students with no entered mark (no result row, or only
 * blank rows), who are left out unless their class is included; then those with marks who lack a subject
 * or a summary, whose cards are posted with the gap shown. A posted term says whom its posting included, so
 * posting again starts from that choice rather than taking cards away.
 */
export async function postingCheck(ctx: AppContext, termId: number): Promise<PostingCheck> {
  const [term] = await ctx.db.select().from(terms).where(eq(terms.id, termId));
  if (!term) throw notFound(resultMessages.unknownTerm);
  const [{ candidates, offered }, summaries, leftOut] = await Promise.all([
    postingCandidates(ctx.db, termId),
    ctx.db
      .select({ student_id: termSummaries.student_id })
      .from(termSummaries)
      .where(eq(termSummaries.term_id, termId)),
    term.posted === 1 ? leftOutOfPosting(ctx.db, termId) : null,
  ]);
  const summarised = new Set(summaries.map((s) => s.student_id));
  const classes = new Map<string, PostingCheck['classes'][number]>();
  const incomplete: PostingCheck['incomplete'] = [];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  for (const c of candidates.sort(byName)) {
    const cls = classes.get(c.class_id) ?? { class_id: c.class_id, students: 0, no_marks: [] };
    cls.students += 1;
    classes.set(c.class_id, cls);
    if (!hasEnteredMark(c)) {
      const reason: NoMarksReason = c.rows.size === 0 ? 'no_rows' : 'blank_rows';
      cls.no_marks.push({ id: c.id, name: c.name, reason });
      continue;
    }
    const wanted = c.form === null ? undefined : offered.get(c.form);
    const missing = [...(wanted ?? [])].filter(([sid]) => !c.rows.get(sid)).map(([, s]) => s.code);
    const noSummary = !summarised.has(c.id);
    if (missing.length || noSummary)
      incomplete.push({
        id: c.id,
        name: c.name,
        class_id: c.class_id || null,
        missing,
        no_summary: noSummary,
      });
  }
  return {
    classes: [...classes.values()]
      .filter((c) => c.no_marks.length > 0)
      .sort((a, b) => a.class_id.localeCompare(b.class_id)),
    incomplete: incomplete.sort((a, b) => (a.class_id ?? '').localeCompare(b.class_id ?? '') || byName(a, b)),
    left_out: leftOut ? candidates.filter((c) => leftOut(c.id)).map((c) => c.id) : [],
    included:
      term.posted === 1
        ? { all: term.include_all, classes: [...term.included_classes].sort() }
        : { all: false, classes: [] },
  };
}
