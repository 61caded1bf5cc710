import { asc, eq } from 'drizzle-orm';
import { ABSENT_INPUT, RATINGS, gradeFor, subjectTotal, type Grade, type RatingKey } from '@sp/domain';
import type { Db } from '../db/client.js';
import { formClasses, formSubjects, students, subjects, terms } from '../db/schema.js';
import { planResults } from '../features/term-results/plan-results.js';
import { writeResults } from '../features/term-results/import-results.js';
import type { Cell } from '../shared/read-sheet.js';
import type { SheetTable } from '../shared/sheet-table.js';

/** The subjects of the lower school (forms 1–3) and of the CSEC years (forms 4–5), with their weights. */
const LOWER: [code: string, course: number][] = [
  ['MATH', 30],
  ['ENGL', 30],
  ['SPAN', 30],
  ['FREN', 30],
  ['INTSCI', 30],
  ['SOCST', 30],
  ['VARTS', 40],
  ['MUSIC', 40],
  ['PE', 50],
  ['IT', 30],
];
const UPPER: [code: string, course: number][] = [
  ['MATH', 30],
  ['ENGL', 30],
  ['ENGLIT', 30],
  ['SPAN', 30],
  ['BIO', 30],
  ['CHEM', 30],
  ['PHYS', 30],
  ['POB', 30],
  ['GEOG', 30],
  ['IT', 30],
  ['PE', 50],
];
export const DEMO_SUBJECTS: Record<string, string> = {
  MATH: 'Mathematics',
  ENGL: 'English Language',
  ENGLIT: 'English Literature',
  SPAN: 'Spanish',
  FREN: 'French',
  INTSCI: 'Integrated Science',
  SOCST: 'Social Studies',
  VARTS: 'Visual Arts',
  MUSIC: 'Music',
  PE: 'Physical Education',
  IT: 'Information Technology',
  BIO: 'Biology',
  CHEM: 'Chemistry',
  PHYS: 'Physics',
  POB: 'Principles of Business',
  GEOG: 'Geography',
};

const TEACHER_REMARKS: Record<Grade, readonly string[]> = {
  A: ['Excellent work this term.', 'Outstanding effort; keep it up.', 'A pleasure to teach. Well done.'],
  B: ['Very good progress.', 'Good work; aim higher next term.', 'Consistent and careful work.'],
  C: ['Satisfactory. More revision needed.', 'Fair effort; can do better.', 'Must complete all assignments.'],
  D: ['Needs to apply more effort.', 'Weak in the exam; revise regularly.', 'Must pay attention in class.'],
  E: ['Must attend extra lessons.', 'Very weak; see the teacher for help.', 'Has not submitted coursework.'],
};
const FORM_TEACHER: readonly [min: number, remark: string][] = [
  [75, 'An excellent term. A model student who works well with others.'],
  [65, 'A very good term. Keep up the steady effort and stay focused in class.'],
  [55, 'A fair term. More time at home on revision will raise these marks.'],
  [
    0,
    'A difficult term. Must attend lessons regularly and complete all assignments; parents please see the form teacher.',
  ],
];
const DEAN: readonly [min: number, remark: string][] = [
  [70, 'Commendable. Continue to set a good example.'],
  [55, 'Satisfactory progress.'],
  [0, 'Needs closer supervision at home and at school.'],
];
const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** A small repeatable random source, so the demo is the same on every machine. */
function random(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clamp = (v: number) => Math.max(12, Math.min(98, Math.round(v)));
const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length]!;
const remarkFor = (table: readonly (readonly [number, string])[], avg: number) =>
  table.find(([min]) => avg >= min)![1];

/** The demo's closed year, whose terms 2 and 3 are past: the one before the current September. */
export function pastYear(now: Date): number {
  return now.getUTCMonth() >= 8 ? now.getUTCFullYear() - 1 : now.getUTCFullYear() - 2;
}

const table = <F extends string>(fields: F[], rows: Cell[][]): SheetTable<F> => ({
  columns: new Map(fields.map((f, i) => [f, i])),
  rows: rows.map((cells, i) => ({
    line: i + 2,
    cells: Object.fromEntries(fields.map((f, j) => [f, cells[j] ?? null])) as Record<F, Cell>,
  })),
});

/**
 * Two past terms of results for every demo student: term 2 posted, term 3 loaded but not yet posted. The
 * rows go through the same checks and upsert as a file staff import.
 */
export async function seedDemoTermResults(db: Db, now: Date): Promise<void> {
  const year = pastYear(now);
  const codes = [...new Set([...LOWER, ...UPPER].map(([c]) => c))];
  await db
    .insert(subjects)
    .values(codes.map((code) => ({ code, title: DEMO_SUBJECTS[code]! })))
    .onConflictDoNothing();
  const stored = await db.select().from(subjects);
  const idOf = new Map(stored.map((s) => [s.code, s.id]));
  await db.insert(formSubjects).values(
    [1, 2, 3, 4, 5].flatMap((form) =>
      (form <= 3 ? LOWER : UPPER).map(([code, course]) => ({
        subject_id: idOf.get(code)!,
        form_level: form,
        course_weight: course,
        exam_weight: 100 - course,
      })),
    ),
  );
  const [t2, t3] = await db
    .insert(terms)
    .values([
      {
        year,
        term: 2,
        start_date: `${year + 1}-01-06`,
        end_date: `${year + 1}-03-27`,
        next_term_start: `${year + 1}-04-14`,
        sessions_possible: 112,
        posted: 1,
        date_posted: `${year + 1}-04-02 15:30:00`,
      },
      {
        year,
        term: 3,
        start_date: `${year + 1}-04-14`,
        end_date: `${year + 1}-07-03`,
        next_term_start: `${year + 1}-09-01`,
        sessions_possible: 104,
      },
    ])
    .returning();
  const people = await db
    .select({ id: students.id, form: formClasses.form_level })
    .from(students)
    .innerJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .orderBy(asc(students.id));

  for (const term of [t2!, t3!]) {
    const rnd = random(year * 10 + term.term);
    const results: Cell[][] = [];
    const summaries: Cell[][] = [];
    for (const [n, p] of people.entries()) {
      const ability = 45 + rnd() * 45;
      const subjectList = p.form <= 3 ? LOWER : UPPER;
      const totals: number[] = [];
      let absences = 0;
      for (const [code, course] of subjectList) {
        const courseMark = clamp(ability + 6 + (rnd() - 0.5) * 20);
        // One student in twenty-five missed one exam.
        const missed = n % 25 === 7 && code === 'SPAN';
        const examMark = missed ? null : clamp(ability + (rnd() - 0.55) * 28);
        const total = subjectTotal(courseMark, examMark, { course, exam: 100 - course });
        if (total !== null) totals.push(total);
        const abs = Math.floor(rnd() * rnd() * 6);
        absences += abs;
        const grade = gradeFor(total) ?? 'E';
        results.push([
          p.id,
          code,
          courseMark,
          examMark ?? ABSENT_INPUT,
          abs,
          Math.floor(rnd() * 3),
          pick(LETTERS, rnd() * 0.6 + (1 - ability / 90) * 0.5),
          pick(LETTERS, rnd() * 0.5),
          missed ? 'Absent from the exam.' : pick(TEACHER_REMARKS[grade], rnd()),
        ]);
      }
      const average = totals.reduce((s, v) => s + v, 0) / Math.max(totals.length, 1);
      const possible = term.sessions_possible ?? 110;
      const ratings = Object.fromEntries(
        RATINGS.map((r) => [r.key, pick(LETTERS, rnd() * 0.5 + (1 - ability / 90) * 0.5)]),
      ) as Record<RatingKey, string>;
      summaries.push([
        p.id,
        possible - Math.min(possible, Math.round(absences / 2)),
        possible,
        ...RATINGS.map((r) => ratings[r.key]),
        remarkFor(FORM_TEACHER, average),
        remarkFor(DEAN, average),
      ]);
    }
    const plan = await planResults(db, term.id, {
      results: table(
        [
          'student_id',
          'subject',
          'course_mark',
          'exam_mark',
          'absences',
          'lateness',
          'application',
          'conduct',
          'teacher_remark',
        ],
        results,
      ),
      summaries: table(
        [
          'student_id',
          'sessions_present',
          'sessions_possible',
          ...RATINGS.map((r) => r.key),
          'form_teacher_remark',
          'dean_remark',
        ],
        summaries,
      ),
    });
    if (plan.counts.errors) {
      const first = plan.rows.find((r) => r.status === 'error');
      throw new Error(`demo term results: row ${first?.line} ${JSON.stringify(first?.errors)}`);
    }
    await db.transaction((tx) => writeResults(tx, plan));
  }
}
