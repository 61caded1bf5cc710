import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { GRADE_KEY, RATINGS, classStanding, parseMark, timestampInZone } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { formClasses, students, subjects, termResults, termSummaries, terms } from '../../db/schema.js';
import type { ReportCardData, ReportCardSubject } from '../../pdf/report-card.js';
import { schoolIdentity } from '../../shared/settings.js';

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
  const results = ctx.db
    .select({
      student_id: termResults.student_id,
      class_id: sql<string | null>`max(${termResults.class_id})`.as('results_class'),
    })
    .from(termResults)
    .where(eq(termResults.term_id, termId))
    .groupBy(termResults.student_id)
    .as('results');
  const cls = sql<
    string | null
  >`coalesce(${termSummaries.class_id}, ${results.class_id}, ${students.class_id})`;
  const conditions: SQL[] = [
    sql`(${termSummaries.student_id} is not null or ${results.student_id} is not null)`,
  ];
  if (where?.classId) conditions.push(sql`${cls} = ${where.classId}`);
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

/** "2026-01-05" → "Monday 5 January 2026". */
function longDate(day: string | null): string | null {
  if (!day) return null;
  return new Date(`${day}T12:00:00Z`)
    .toLocaleDateString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    .replace(',', '');
}

const GRADE_KEY_LINES = GRADE_KEY.map((k) => ({ grade: k.grade, range: k.label }));

/**
 * The cards of the given students (all in `classId`) for one term. Ranks, averages and the number in class
 * come from the whole class's results, so the class is always read whole.
 */
export async function buildCardData(
  ctx: AppContext,
  term: TermRow,
  classId: string | null,
  roster: RosterRow[],
): Promise<ReportCardData[]> {
  const classRoster = classId ? await termRoster(ctx, term.id, { classId }) : roster;
  const ids = classRoster.map((r) => r.id);
  const [results, school] = await Promise.all([
    ids.length === 0
      ? []
      : ctx.db
          .select({
            student_id: termResults.student_id,
            title: subjects.title,
            course: termResults.course_mark,
            exam: termResults.exam_mark,
            total: termResults.total,
            grade: termResults.grade,
            absences: termResults.absences,
            lateness: termResults.lateness,
            application: termResults.application,
            conduct: termResults.conduct,
            remark: termResults.teacher_remark,
          })
          .from(termResults)
          .innerJoin(subjects, eq(subjects.id, termResults.subject_id))
          .where(and(eq(termResults.term_id, term.id), inArray(termResults.student_id, ids)))
          .orderBy(asc(subjects.title)),
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
  ]);
  const byStudent = new Map<string, ReportCardSubject[]>();
  for (const r of results) {
    const list = byStudent.get(r.student_id) ?? [];
    list.push({
      title: r.title,
      course: parseMark(r.course),
      exam: parseMark(r.exam),
      total: parseMark(r.total),
      grade: r.grade,
      lateness: r.lateness,
      absences: r.absences,
      application: r.application,
      conduct: r.conduct,
      remark: r.remark,
      teacher: null,
    });
    byStudent.set(r.student_id, list);
  }
  const standing = classStanding(
    classRoster.map((s) => ({ student_id: s.id, totals: (byStudent.get(s.id) ?? []).map((x) => x.total) })),
  );
  const standingOf = new Map(standing.students.map((s) => [s.student_id, s]));
  const rankCount = new Map<number, number>();
  for (const s of standing.students)
    if (s.rank !== null) rankCount.set(s.rank, (rankCount.get(s.rank) ?? 0) + 1);

  const printedAt = timestampInZone(ctx.clock(), ctx.config.SCHOOL_TIMEZONE).slice(0, 16);
  return roster.map((s) => {
    const subjectsOf = byStudent.get(s.id) ?? [];
    const own = standingOf.get(s.id);
    const summary = s.summary;
    const possible = summary?.sessions_possible ?? term.sessions_possible;
    const present = summary?.sessions_present ?? null;
    const late = subjectsOf.reduce<number | null>(
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
      classAverage: standing.class_average,
      sessions: {
        absent: possible !== null && present !== null ? Math.max(0, possible - present) : null,
        late,
        possible,
      },
      subjects: subjectsOf,
      ratings: ratingsOf(summary?.ratings),
      formTeacherRemark: summary?.form_teacher_remark ?? null,
      deanRemark: summary?.dean_remark ?? null,
      reopens: longDate(term.next_term_start),
      gradeKey: GRADE_KEY_LINES,
      printedAt,
    };
  });
}
