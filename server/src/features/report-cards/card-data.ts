import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  DEFAULT_WEIGHTS,
  GRADE_KEY,
  RATINGS,
  classStanding,
  gradeFor,
  parseMark,
  subjectTotal,
  timestampInZone,
  type SubjectWeights,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { readJsonRows } from '../../db/json-rows.js';
import { formClasses, students, subjects, termResults, termSummaries, terms } from '../../db/schema.js';
import type { CardMark, ReportCardData, ReportCardSubject } from '../../pdf/report-card.js';
import { enteredMark } from '../../shared/posted-cards.js';
import { readSettings, schoolIdentity } from '../../shared/settings.js';
import { subjectsForTerm, type OfferedSubject } from '../../shared/term-data.js';

export type TermRow = typeof terms.$inferSelect;

/**
 * Students with a report in the term (results or a summary), with their class and summary. A student's class
 * in a term is the summary's, else the results', else the student's class now.
 */
export async function termRoster(
  ctx: AppContext,
  termId: number,
  where?: { classId?: string; studentId?: string },
) {
  // A class's students are among those whose summary, results or record name the class: only their results
  // are grouped, not the whole term's, and the planner is given them as a list to look up by key.
  let inClass: string[] | undefined;
  if (where?.classId) {
    const c = where.classId;
    const candidates = await union(
      ctx.db
        .select({ id: termResults.student_id })
        .from(termResults)
        .where(and(eq(termResults.term_id, termId), eq(termResults.class_id, c))),
      ctx.db
        .select({ id: termSummaries.student_id })
        .from(termSummaries)
        .where(and(eq(termSummaries.term_id, termId), eq(termSummaries.class_id, c))),
      ctx.db.select({ id: students.id }).from(students).where(eq(students.class_id, c)),
    );
    inClass = candidates.map((r) => r.id);
    if (inClass.length === 0) return [];
  }
  const results = ctx.db
    .select({
      student_id: termResults.student_id,
      class_id: sql<string | null>`max(${termResults.class_id})`.as('results_class'),
    })
    .from(termResults)
    // One student's roster row groups that student's results only, not the whole term's.
    .where(
      and(
        eq(termResults.term_id, termId),
        where?.studentId ? eq(termResults.student_id, where.studentId) : undefined,
        inClass ? inArray(termResults.student_id, inClass) : undefined,
      ),
    )
    .groupBy(termResults.student_id)
    .as('results');
  const cls = sql<
    string | null
  >`coalesce(${termSummaries.class_id}, ${results.class_id}, ${students.class_id})`;
  const conditions: SQL[] = [
    sql`(${termSummaries.student_id} is not null or ${results.student_id} is not null)`,
  ];
  if (where?.classId && inClass)
    conditions.push(sql`${cls} = ${where.classId}`, inArray(students.id, inClass));
  if (where?.studentId) conditions.push(eq(students.id, where.studentId));
  return ctx.db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      date_of_birth: students.date_of_birth,
      class_id: cls,
      form_level: sql<number | null>`coalesce(${termSummaries.form_level},
        (select f.form_level from ${formClasses} f where f.class_id = ${cls}))`,
      summary: {
        sessions_present: termSummaries.sessions_present,
        sessions_possible: termSummaries.sessions_possible,
        ratings: termSummaries.ratings,
        form_teacher_remark: termSummaries.form_teacher_remark,
        dean_remark: termSummaries.dean_remark,
      },
    })
    .from(students)
    .leftJoin(
      termSummaries,
      and(eq(termSummaries.student_id, students.id), eq(termSummaries.term_id, termId)),
    )
    .leftJoin(results, eq(results.student_id, students.id))
    .where(and(...conditions))
    .orderBy(asc(students.last_name), asc(students.first_name), asc(students.id));
}
export type RosterRow = Awaited<ReturnType<typeof termRoster>>[number];

/** Ratings as stored: an object of name → rating, or a list of { name, rating|value }. */
const shown = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null;

/**
 * Ratings as stored: an object of key → rating (the import's keys print with their labels, in the order of
 * RATINGS), or a list of { name, rating|value }.
 */
function ratingsOf(value: unknown): { name: string; value: string }[] {
  const pairs: [unknown, unknown][] = Array.isArray(value)
    ? value.map((r: unknown) => {
        const o = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
        return [o.name, o.rating ?? o.value];
      })
    : value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
      : [];
  const order = (key: unknown) => {
    const i = RATINGS.findIndex((r) => r.key === key);
    return i < 0 ? RATINGS.length : i;
  };
  return pairs
    .sort((a, b) => order(a[0]) - order(b[0]))
    .flatMap(([key, v]) => {
      const n = RATINGS.find((r) => r.key === key)?.label ?? shown(key);
      const r = shown(v);
      return n && r ? [{ name: n, value: r }] : [];
    });
}

const longDateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-01-05" → "Monday 5 January 2026". */
function longDate(day: string | null): string | null {
  if (!day) return null;
  return longDateFormat.format(new Date(`${day}T12:00:00Z`)).replace(',', '');
}

const blankLine = (title: string): ReportCardSubject => ({
  title,
  course: null,
  exam: null,
  total: null,
  grade: null,
  lateness: null,
  absences: null,
  application: null,
  conduct: null,
  remark: null,
  teacher: null,
});

/** The subjects' order on a card, as `localeCompare` gives it, with one collator for every card. */
const byTitle = new Intl.Collator();

const GRADE_KEY_LINES = GRADE_KEY.map((k) => ({ grade: k.grade, range: k.label }));

/** D40: a stored mark as the card prints it: a number, ABS, or null when nobody entered it. */
const cardMark = (value: string | null, absent: boolean): CardMark => (absent ? 'ABS' : parseMark(value));

/**
 * A subject's total and grade on the card (D41). Two numbers: the stored total. A missed mark (ABS) gives
 * no total, or counts as 0 when the school says so. A mark nobody entered always gives no total.
 */
export function cardTotal(
  course: CardMark,
  exam: CardMark,
  stored: { total: number | null; grade: string | null },
  weights: SubjectWeights,
  absentAsZero: boolean,
): { total: number | null; grade: string | null } {
  if (typeof course === 'number' && typeof exam === 'number')
    return stored.total === null ? withGrade(subjectTotal(course, exam, weights)) : stored;
  if (course === null || exam === null || !absentAsZero) return { total: null, grade: null };
  return withGrade(subjectTotal(course === 'ABS' ? 0 : course, exam === 'ABS' ? 0 : exam, weights));
}
const withGrade = (total: number | null) => ({ total, grade: gradeFor(total) });

/** What a class's standing needs of a result: the marks and the stored total. */
interface ResultMarks {
  student_id: string;
  subject_id: number;
  course: string | null;
  exam: string | null;
  course_absent: boolean;
  exam_absent: boolean;
  total: string | null;
  grade?: string | null;
}

/** A result as its card prints it. */
interface CardResult extends ResultMarks {
  title: string;
  grade: string | null;
  absences: number | null;
  lateness: number | null;
  application: string | null;
  conduct: string | null;
  remark: string | null;
}

const MARK_COLUMNS = sql`r.student_id, r.subject_id, r.course_mark::text AS course, r.exam_mark::text AS exam,
  r.course_absent, r.exam_absent, r.total::text AS total`;

const ofStudents = (termId: number, ids: string[]) =>
  sql`r.term_id = ${termId} AND r.student_id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * Results in the term, as one JSON text: the embedded database's driver decodes a result a field at a time,
 * which for a class of 40 × 12 subjects took longer than the rest of the card (ADR 0050). Marks come as text,
 * as the numeric columns read elsewhere. The cards' own students get every column; the rest of the class only
 * what its standing needs, which for one card is a third of the reading.
 */
const cardResults = (ctx: AppContext, termId: number, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : readJsonRows<CardResult>(
        ctx.db,
        sql`SELECT ${MARK_COLUMNS}, s.title, r.grade, r.absences, r.lateness, r.application, r.conduct,
            r.teacher_remark AS remark
          FROM ${termResults} r JOIN ${subjects} s ON s.id = r.subject_id
          WHERE ${ofStudents(termId, ids)}`,
      );
const classMarks = (ctx: AppContext, termId: number, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : readJsonRows<ResultMarks>(
        ctx.db,
        sql`SELECT ${MARK_COLUMNS} FROM ${termResults} r WHERE ${ofStudents(termId, ids)}`,
      );

/**
 * Of the subjects some card would show as a blank line, those marked this term: a subject added to a form
 * later is not a gap in a past term's cards. Asked only when a card has such a line, and then per subject, so
 * a card does not read the whole term.
 */
async function taughtOf(ctx: AppContext, termId: number, gaps: number[]): Promise<Set<number>> {
  if (gaps.length === 0) return new Set();
  const marked = ctx.db
    .select({ one: sql`1` })
    .from(termResults)
    .where(and(eq(termResults.term_id, termId), eq(termResults.subject_id, subjects.id), enteredMark));
  const rows = await ctx.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, [...new Set(gaps)]), exists(marked)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The cards of the given students (all in `classId`) for one term. Ranks, averages and the number in class
 * come from the whole class's results, so the class is always read whole (`classRoster`, when the caller has
 * it already). Every subject of the student's form is a line, entered or not, so a gap shows as a gap.
 */
export async function buildCardData(
  ctx: AppContext,
  term: TermRow,
  classId: string | null,
  roster: RosterRow[],
  knownClassRoster?: RosterRow[],
): Promise<ReportCardData[]> {
  const classRoster = knownClassRoster ?? (classId ? await termRoster(ctx, term.id, { classId }) : roster);
  const ids = classRoster.map((r) => r.id);
  const cardIds = roster.map((r) => r.id);
  const wholeClass = cardIds.length === ids.length && new Set([...ids, ...cardIds]).size === ids.length;
  const [results, marks, school, offered, settings] = await Promise.all([
    cardResults(ctx, term.id, cardIds),
    wholeClass ? null : classMarks(ctx, term.id, ids),
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
    subjectsForTerm(ctx.db, term.id),
    readSettings(ctx.db, ['missed_exam_counts_as_zero']),
  ]);
  const formOf = new Map(classRoster.map((s) => [s.id, s.form_level]));
  const offeredTo = (id: string) => {
    const form = formOf.get(id);
    return (form == null ? undefined : offered.get(form)) ?? new Map<number, OfferedSubject>();
  };
  const has = new Set(results.map((r) => `${r.student_id}\u0000${r.subject_id}`));
  const gaps = roster.flatMap((s) =>
    [...offeredTo(s.id).keys()].filter((sid) => !has.has(`${s.id}\u0000${sid}`)),
  );
  const taught = await taughtOf(ctx, term.id, gaps);
  /** A result's marks, total and grade as the card prints them (D40, D41). */
  const scored = (r: ResultMarks) => {
    const course = cardMark(r.course, r.course_absent);
    const exam = cardMark(r.exam, r.exam_absent);
    const form = formOf.get(r.student_id);
    const weights = (form == null ? undefined : offered.get(form)?.get(r.subject_id)) ?? DEFAULT_WEIGHTS;
    const stored = { total: parseMark(r.total), grade: r.grade ?? null };
    return { course, exam, ...cardTotal(course, exam, stored, weights, settings.missed_exam_counts_as_zero) };
  };
  const byStudent = new Map<string, Map<number, ReportCardSubject>>();
  for (const r of results) {
    const list = byStudent.get(r.student_id) ?? new Map<number, ReportCardSubject>();
    list.set(r.subject_id, {
      title: r.title,
      ...scored(r),
      lateness: r.lateness,
      absences: r.absences,
      application: r.application,
      conduct: r.conduct,
      remark: r.remark,
      teacher: null,
    });
    byStudent.set(r.student_id, list);
  }
  const subjectsOf = (id: string): ReportCardSubject[] => {
    const own = byStudent.get(id) ?? new Map<number, ReportCardSubject>();
    for (const [sid, s] of offeredTo(id))
      if (!own.has(sid) && taught.has(sid)) own.set(sid, blankLine(s.title));
    return [...own.values()].sort((a, b) => byTitle.compare(a.title, b.title));
  };
  // The class's totals; a subject not entered has no total, and averages count totals only.
  const totalsOf = new Map<string, (number | null)[]>();
  const entered = new Set<string>();
  for (const r of marks ?? results) {
    const line = scored(r);
    if (line.course !== null || line.exam !== null) entered.add(r.student_id);
    const list = totalsOf.get(r.student_id) ?? [];
    list.push(line.total);
    totalsOf.set(r.student_id, list);
  }
  // A student nobody has entered a mark for is not one of the class's results (D41).
  const ranked = classRoster.filter((s) => entered.has(s.id));
  const standing = classStanding(ranked.map((s) => ({ student_id: s.id, totals: totalsOf.get(s.id) ?? [] })));
  const standingOf = new Map(standing.students.map((s) => [s.student_id, s]));
  const rankCount = new Map<number, number>();
  for (const s of standing.students)
    if (s.rank !== null) rankCount.set(s.rank, (rankCount.get(s.rank) ?? 0) + 1);

  const printedAt = timestampInZone(ctx.clock(), ctx.config.SCHOOL_TIMEZONE).slice(0, 16);
  return roster.map((s) => {
    const lines = subjectsOf(s.id);
    const own = standingOf.get(s.id);
    const summary = s.summary;
    const possible = summary?.sessions_possible ?? term.sessions_possible;
    const present = summary?.sessions_present ?? null;
    const late = lines.reduce<number | null>(
      (n, x) => (x.lateness === null ? n : (n ?? 0) + x.lateness),
      null,
    );
    return {
      school,
      year: term.year,
      term: term.term,
      student: {
        id: s.id,
        first_name: s.first_name,
        last_name: s.last_name,
        date_of_birth: s.date_of_birth,
      },
      classId: s.class_id,
      numberInClass: standing.number_in_class || null,
      rank: own?.rank ?? null,
      tied: own?.rank !== null && own?.rank !== undefined && (rankCount.get(own.rank) ?? 0) > 1,
      average: own?.average ?? null,
      averagedSubjects: lines.filter((x) => x.total !== null).length,
      classAverage: standing.class_average,
      sessions: {
        absent: possible !== null && present !== null ? Math.max(0, possible - present) : null,
        late,
        possible,
      },
      subjects: lines,
      ratings: ratingsOf(summary?.ratings),
      formTeacherRemark: summary?.form_teacher_remark ?? null,
      deanRemark: summary?.dean_remark ?? null,
      reopens: longDate(term.next_term_start),
      gradeKey: GRADE_KEY_LINES,
      printedAt,
    };
  });
}
