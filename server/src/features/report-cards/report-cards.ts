import { and, desc, eq, sql } from 'drizzle-orm';
import {
  messages,
  type ReportCardTerm,
  type ReportCardTermReads,
  type ReportCardTermSummary,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { reportCardReads, students, termResults, termSummaries, terms } from '../../db/schema.js';
import { forbidden, notFound } from '../../errors.js';
import { buildReportCard } from '../../pdf/report-card.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { isLeftOut, leftOutOfPosting } from '../../shared/posted-cards.js';
import { buildCardData, termRoster, type TermRow } from './card-data.js';

export const reportMessages = {
  noSuchTerm: messages.reportNoSuchTerm,
  notPosted: messages.reportNotPosted,
  noCard: messages.reportNoCard,
  noSuchStudent: messages.reportNoSuchStudent,
};

/** Whether families may see the term's cards (D3, D24). */
export const isPosted = (term: TermRow): boolean => term.posted === 1;

export async function findTerm(ctx: AppContext, year: number, term: number): Promise<TermRow> {
  const [row] = await ctx.db
    .select()
    .from(terms)
    .where(and(eq(terms.year, year), eq(terms.term, term)));
  if (!row) throw notFound(reportMessages.noSuchTerm);
  return row;
}

async function requireStudent(ctx: AppContext, studentId: string): Promise<void> {
  const [row] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!row) throw notFound(reportMessages.noSuchStudent);
}

/** Whether this student's card in the term is one a family may read: posted, and not left out (D41). */
async function postedFor(ctx: AppContext, term: TermRow, studentId: string): Promise<boolean> {
  if (!isPosted(term)) return false;
  return !(await isLeftOut(ctx.db, term.id, studentId));
}

/**
 * GET /api/report-card-terms/{id}: every term the student has a report for, newest first (spec section 3).
 * A term whose posting left the student out is not listed for the family; staff see it as not posted (D41).
 */
export async function reportCardTerms(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
): Promise<ReportCardTerm[]> {
  assertMayActOn(actor, studentId);
  await requireStudent(ctx, studentId);
  const haveReport = sql`(exists (select 1 from ${termResults} r where r.term_id = "terms"."id" and r.student_id = ${studentId})
    or exists (select 1 from ${termSummaries} s where s.term_id = "terms"."id" and s.student_id = ${studentId}))`;
  const rows = await ctx.db
    .select()
    .from(terms)
    .where(haveReport)
    .orderBy(desc(terms.year), desc(terms.term));
  const out: ReportCardTerm[] = [];
  for (const term of rows) {
    const [row] = await termRoster(ctx, term.id, { studentId });
    const posted = await postedFor(ctx, term, studentId);
    if (actor.kind === 'student' && isPosted(term) && !posted) continue;
    out.push({
      year: term.year,
      term: term.term,
      posted: posted ? 1 : 0,
      date_posted: posted ? term.date_posted : null,
      form_level: row?.form_level ?? null,
      class_id: row?.class_id ?? null,
    });
  }
  return out;
}

/**
 * One report card as a PDF. A student (or parent) gets only their own and only once posted; staff get any.
 * Each opening by the family is logged (D24).
 */
export async function reportCardPdf(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  year: number,
  termNo: number,
): Promise<Buffer> {
  assertMayActOn(actor, studentId);
  await requireStudent(ctx, studentId);
  const term = await findTerm(ctx, year, termNo);
  if (actor.kind === 'student' && !(await postedFor(ctx, term, studentId)))
    throw forbidden(reportMessages.notPosted);
  const roster = await termRoster(ctx, term.id, { studentId });
  const own = roster[0];
  if (!own) throw notFound(reportMessages.noCard);
  const [card] = await buildCardData(ctx, term, own.class_id, roster);
  const pdf = await buildReportCard(card!);
  if (actor.kind === 'student') {
    await ctx.db
      .insert(reportCardReads)
      .values({ student_id: studentId, term_id: term.id, at: ctx.clock(), ip: actor.ip });
  }
  return pdf;
}

/** Students of a term who have opened their card at least once. */
async function readersOf(ctx: AppContext, termId: number): Promise<Set<string>> {
  const rows = await ctx.db
    .selectDistinct({ id: reportCardReads.student_id })
    .from(reportCardReads)
    .where(eq(reportCardReads.term_id, termId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Per class of a term: how many have opened their card, and who has not (D24); students the posting left
 * out are listed apart as not posted and not counted (D41).
 */
export async function termReads(ctx: AppContext, year: number, termNo: number): Promise<ReportCardTermReads> {
  const term = await findTerm(ctx, year, termNo);
  const [roster, readers, leftOut] = await Promise.all([
    termRoster(ctx, term.id),
    readersOf(ctx, term.id),
    isPosted(term) ? leftOutOfPosting(ctx.db, term.id) : () => false,
  ]);
  const classes = new Map<string, ReportCardTermReads['classes'][number]>();
  for (const s of roster) {
    const key = s.class_id ?? '';
    const c = classes.get(key) ?? {
      class_id: key,
      form_level: s.form_level,
      students: 0,
      opened: 0,
      not_opened: [],
      not_posted: [],
    };
    classes.set(key, c);
    if (leftOut(s.id)) {
      c.not_posted.push({ id: s.id, first_name: s.first_name, last_name: s.last_name });
      continue;
    }
    c.students += 1;
    if (readers.has(s.id)) c.opened += 1;
    else c.not_opened.push({ id: s.id, first_name: s.first_name, last_name: s.last_name });
    classes.set(key, c);
  }
  return {
    year: term.year,
    term: term.term,
    posted: isPosted(term) ? 1 : 0,
    date_posted: isPosted(term) ? term.date_posted : null,
    classes: [...classes.values()].sort(
      (a, b) => (a.form_level ?? 0) - (b.form_level ?? 0) || a.class_id.localeCompare(b.class_id),
    ),
  };
}

/** Every term with report cards, newest first, with how many students have opened theirs. */
export async function termsWithReads(ctx: AppContext): Promise<ReportCardTermSummary[]> {
  const students = sql<number>`(select count(*)::int from (
      select r.student_id from ${termResults} r where r.term_id = "terms"."id"
      union select s.student_id from ${termSummaries} s where s.term_id = "terms"."id") x)`;
  const opened = sql<number>`(select count(distinct rr.student_id)::int from ${reportCardReads} rr where rr.term_id = "terms"."id")`;
  const rows = await ctx.db
    .select({
      year: terms.year,
      term: terms.term,
      posted: terms.posted,
      date_posted: terms.date_posted,
      students,
      opened,
    })
    .from(terms)
    .orderBy(desc(terms.year), desc(terms.term));
  return rows
    .filter((r) => r.students > 0)
    .map((r) => ({
      ...r,
      posted: r.posted === 1 ? 1 : 0,
      date_posted: r.posted === 1 ? r.date_posted : null,
    }));
}
