import { and, eq } from 'drizzle-orm';
import { computeResult } from '@sp/domain';
import type { Db } from '../db/client.js';
import { subjects, termResults, termSummaries, terms } from '../db/schema.js';

export const SUBJECT_TITLES = [
  'Mathematics',
  'English Language',
  'English Literature',
  'Integrated Science',
  'Social Studies',
  'Spanish',
  'French',
  'Information Technology',
  'Visual Arts',
  'Physical Education',
  'Technical Drawing',
  'Music',
];

/** A term (created if missing); `posted` sets the flag and a posting stamp. */
export async function ensureTerm(
  db: Db,
  year: number,
  term: number,
  posted = false,
): Promise<typeof terms.$inferSelect> {
  await db
    .insert(terms)
    .values({
      year,
      term,
      start_date: `${year}-09-01`,
      end_date: `${year}-12-12`,
      next_term_start: `${year + 1}-01-05`,
    })
    .onConflictDoNothing();
  const [row] = await db
    .update(terms)
    .set({ posted: posted ? 1 : 0, date_posted: posted ? `${year}-12-15 10:00:00` : null })
    .where(and(eq(terms.year, year), eq(terms.term, term)))
    .returning();
  return row!;
}

export async function ensureSubjects(
  db: Db,
  count = SUBJECT_TITLES.length,
): Promise<{ id: number; title: string }[]> {
  const titles = SUBJECT_TITLES.slice(0, count);
  await db
    .insert(subjects)
    .values(titles.map((title) => ({ code: title.slice(0, 4).toUpperCase() + title.length, title })))
    .onConflictDoNothing();
  const rows = await db.select({ id: subjects.id, title: subjects.title }).from(subjects);
  return rows.filter((r) => titles.includes(r.title));
}

export interface SeedMark {
  course: number | null;
  exam: number | null;
}

/**
 * Results for one student in a term: one row per subject with the marks given (or marks made from `seed`),
 * and a summary with attendance, ratings and remarks.
 */
export async function seedResults(
  db: Db,
  input: {
    termId: number;
    studentId: string;
    classId: string;
    formLevel?: number;
    subjects: { id: number; title: string }[];
    marks?: SeedMark[];
    seed?: number;
    remark?: (title: string) => string;
  },
): Promise<void> {
  const seed = input.seed ?? 1;
  const rows = input.subjects.map((s, i) => {
    const m = input.marks?.[i] ?? {
      course: 40 + ((seed * 7 + i * 13) % 60),
      exam: 35 + ((seed * 11 + i * 17) % 65),
    };
    const { total, grade } = computeResult(m.course, m.exam);
    return {
      student_id: input.studentId,
      term_id: input.termId,
      subject_id: s.id,
      class_id: input.classId,
      course_mark: m.course === null ? null : String(m.course),
      exam_mark: m.exam === null ? null : String(m.exam),
      total: total === null ? null : String(total),
      grade,
      absences: (seed + i) % 3,
      lateness: (seed * i) % 2,
      application: ['A', 'B', 'C'][(seed + i) % 3]!,
      conduct: ['A', 'B'][(seed + i) % 2]!,
      teacher_remark: input.remark?.(s.title) ?? 'Works steadily; keep it up.',
    };
  });
  if (rows.length > 0) await db.insert(termResults).values(rows);
  await db.insert(termSummaries).values({
    student_id: input.studentId,
    term_id: input.termId,
    class_id: input.classId,
    form_level: input.formLevel ?? (Number(input.classId[0]) || 1),
    sessions_present: 110 - (seed % 7),
    sessions_possible: 120,
    ratings: {
      punctuality: 'Excellent',
      deportment: 'Very Good',
      courtesy: 'Good',
      initiative: 'Very Good',
      cooperation: 'Excellent',
    },
    form_teacher_remark: 'A pleasant and hard-working student who takes part in class.',
    dean_remark: 'Satisfactory term. Aim higher in the sciences.',
  });
}
