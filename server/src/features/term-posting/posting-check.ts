import { eq, sql } from 'drizzle-orm';
import { listName, resultMessages, type NoMarksReason, type PostingCheck } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { students, termResults, termSummaries, terms } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { enteredMark, leftOutOfPosting } from '../../shared/posted-cards.js';
import { studentsInClasses, subjectsForTerm } from '../../shared/term-data.js';

/** A student a posting is about: enrolled in a class whose form takes subjects, or holding result rows. */
interface Candidate {
  id: string;
  name: string;
  class_id: string;
  form: number | null;
  /** subject id → whether a mark is entered in that row */
  rows: Map<number, boolean>;
}

/** Everyone the term's posting could give a card, with their result rows (D41). */
export async function postingCandidates(ctx: AppContext, termId: number) {
  const [people, offered, results] = await Promise.all([
    studentsInClasses(ctx.db),
    subjectsForTerm(ctx.db, termId),
    ctx.db
      .select({
        student_id: termResults.student_id,
        subject_id: termResults.subject_id,
        class_id: termResults.class_id,
        entered: sql<boolean>`${enteredMark}`,
        first: students.first_name,
        last: students.last_name,
      })
      .from(termResults)
      .innerJoin(students, eq(students.id, termResults.student_id))
      .where(eq(termResults.term_id, termId)),
  ]);
  const byId = new Map<string, Candidate>();
  for (const p of people) {
    if (!offered.get(p.form)?.size) continue;
    byId.set(p.id, {
      id: p.id,
      name: listName(p.first, p.last),
      class_id: p.class_id ?? '',
      form: p.form,
      rows: new Map(),
    });
  }
  for (const r of results) {
    let c = byId.get(r.student_id);
    if (!c) {
      // Withdrawn, or in no class now: their rows still make a card, under the class the results name.
      c = {
        id: r.student_id,
        name: listName(r.first, r.last),
        class_id: r.class_id ?? '',
        form: null,
        rows: new Map(),
      };
      byId.set(c.id, c);
    }
    c.rows.set(r.subject_id, Boolean(r.entered));
  }
  return { candidates: [...byId.values()], offered };
}

export const hasEnteredMark = (c: Candidate): boolean => [...c.rows.values()].some(Boolean);

/**
 * The check before posting (D41): per class, the students with no entered mark (no result row, or only
 * blank rows), who are left out unless their class is included; then those with marks who lack a subject
 * or a summary, whose cards are posted with the gap shown.
 */
export async function postingCheck(ctx: AppContext, termId: number): Promise<PostingCheck> {
  const [term] = await ctx.db.select().from(terms).where(eq(terms.id, termId));
  if (!term) throw notFound(resultMessages.unknownTerm);
  const [{ candidates, offered }, summaries, leftOut] = await Promise.all([
    postingCandidates(ctx, termId),
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
  };
}
