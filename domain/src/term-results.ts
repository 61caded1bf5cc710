/**
 * D17: the computed fields of an end-of-term report. Pure functions, shared by the import, the marks grid,
 * the report card and the demo school, so every place shows the same total, grade, average and rank.
 *
 * Marks are percentages from 0 to 100 with at most one decimal. Arithmetic is done in tenths (integers),
 * so 74.95 rounds to 75.0 the same way everywhere and no float error moves a student across a grade line.
 */

/** Course and exam weights of a subject, in percent; they add up to 100. */
export interface SubjectWeights {
  course: number;
  exam: number;
}

export const DEFAULT_WEIGHTS: Readonly<SubjectWeights> = { course: 30, exam: 70 };

export const MARK_MIN = 0;
export const MARK_MAX = 100;

/** How a missing mark (the student sat no exam, or has no course mark) is shown on screens and cards. */
export const ABSENT_MARK = 'Abs';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'E';

/** The grade key printed on every report card, highest first; `min` is inclusive. */
export const GRADE_KEY: readonly { grade: Grade; min: number; max: number; label: string }[] = [
  { grade: 'A', min: 75, max: 100, label: '75–100' },
  { grade: 'B', min: 65, max: 74.9, label: '65–74.9' },
  { grade: 'C', min: 55, max: 64.9, label: '55–64.9' },
  { grade: 'D', min: 50, max: 54.9, label: '50–54.9' },
  { grade: 'E', min: 0, max: 49.9, label: 'below 50' },
];

/** A number of tenths, rounded half up: 74.95 → 750. */
const toTenths = (value: number): number => Math.round(value * 10 + 1e-9);
const fromTenths = (tenths: number): number => tenths / 10;

/** Rounds to one decimal, half up (74.95 → 75). */
export function roundMark(value: number): number {
  return fromTenths(toTenths(value));
}

/** True for a number from 0 to 100 with at most one decimal. */
export function isValidMark(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= MARK_MIN &&
    value <= MARK_MAX &&
    Math.abs(value * 10 - Math.round(value * 10)) < 1e-6
  );
}

/** True when the weights are whole percentages from 0 to 100 that add up to 100. */
export function isValidWeights(w: SubjectWeights): boolean {
  return (
    Number.isInteger(w.course) &&
    Number.isInteger(w.exam) &&
    w.course >= 0 &&
    w.exam >= 0 &&
    w.course + w.exam === 100
  );
}

/**
 * The subject total: course × course weight + exam × exam weight, rounded to one decimal.
 * A missing mark (null) gives no total: the missing mark shows as "Abs", the total and grade stay empty
 * and the subject does not count towards the student's average (ADR 0017).
 */
export function subjectTotal(
  course: number | null,
  exam: number | null,
  weights: SubjectWeights = DEFAULT_WEIGHTS,
): number | null {
  if (course === null || exam === null) return null;
  // Tenths × percent / 100, rounded half up; integers throughout.
  const hundredthsOfTenths = toTenths(course) * weights.course + toTenths(exam) * weights.exam;
  return fromTenths(Math.floor((hundredthsOfTenths + 50) / 100));
}

/** The grade of a total; null (no total) gives null. */
export function gradeFor(total: number | null): Grade | null {
  if (total === null) return null;
  const t = toTenths(total);
  for (const k of GRADE_KEY) if (t >= toTenths(k.min)) return k.grade;
  return 'E';
}

/** A mark as printed: one decimal dropped when whole ("75", "74.9"), "Abs" when missing. */
export function formatMark(value: number | null): string {
  if (value === null) return ABSENT_MARK;
  const r = roundMark(value);
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/** A mark from the database (numeric comes back as a string) or a form; blank → null. */
export function parseMark(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = value.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The computed part of one result row. */
export interface ComputedResult {
  total: number | null;
  grade: Grade | null;
}

export function computeResult(
  course: number | null,
  exam: number | null,
  weights: SubjectWeights = DEFAULT_WEIGHTS,
): ComputedResult {
  const total = subjectTotal(course, exam, weights);
  return { total, grade: gradeFor(total) };
}

/** The mean of the totals that exist, rounded to one decimal; null when there are none. */
export function averageOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const sum = present.reduce((s, v) => s + toTenths(v), 0);
  return fromTenths(Math.round(sum / present.length + 1e-9));
}

/** The median of the values that exist (mean of the middle two for an even count), one decimal. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const mid = Math.floor(present.length / 2);
  if (present.length % 2 === 1) return roundMark(present[mid]!);
  return fromTenths(Math.round((toTenths(present[mid - 1]!) + toTenths(present[mid]!)) / 2 + 1e-9));
}

/**
 * Competition ranking, highest first: equal scores share a rank and the next rank skips
 * (90, 80, 80, 70 → 1, 2, 2, 4). Scores compare at one decimal, as printed. A null score has no rank.
 * Returns the ranks in the order of the input.
 */
export function rankWithTies(scores: readonly (number | null)[]): (number | null)[] {
  const tenths = scores.map((s) => (s === null ? null : toTenths(s)));
  return tenths.map((t) => (t === null ? null : 1 + tenths.filter((o) => o !== null && o > t).length));
}

/** One student's totals in a class, for the standing on the report card. */
export interface StudentTotals {
  student_id: string;
  totals: readonly (number | null)[];
}

export interface StudentStanding {
  student_id: string;
  /** Mean of the student's subject totals; null when no subject has a total. */
  average: number | null;
  /** 1 = best; shared on a tie; null when the student has no average. */
  rank: number | null;
  /** The number of students in the class with results this term. */
  number_in_class: number;
}

export interface ClassStanding {
  students: StudentStanding[];
  /** Mean of the students' averages. */
  class_average: number | null;
  /** Median of the students' averages. */
  class_median: number | null;
  number_in_class: number;
}

/** Averages, ranks and the class figures for one class in one term. */
export function classStanding(students: readonly StudentTotals[]): ClassStanding {
  const averages = students.map((s) => averageOf(s.totals));
  const ranks = rankWithTies(averages);
  const n = students.length;
  return {
    students: students.map((s, i) => ({
      student_id: s.student_id,
      average: averages[i] ?? null,
      rank: ranks[i] ?? null,
      number_in_class: n,
    })),
    class_average: averageOf(averages),
    class_median: medianOf(averages),
    number_in_class: n,
  };
}

/** A subject's figures across a class: average, median, highest and lowest total. */
export function subjectStats(totals: readonly (number | null)[]): {
  average: number | null;
  median: number | null;
  highest: number | null;
  lowest: number | null;
} {
  const present = totals.filter((v): v is number => v !== null);
  return {
    average: averageOf(present),
    median: medianOf(present),
    highest: present.length ? Math.max(...present) : null,
    lowest: present.length ? Math.min(...present) : null,
  };
}

// ---------------------------------------------------------------- D40: blank is not absent
/** What a results file or the marks grid writes for a student who missed the work: stored as a flag. */
export const ABSENT_INPUT = 'ABS';
/** The words a file may use for an absence, compared without case. A blank cell is never one of them. */
export const ABSENT_WORDS = ['ABS', 'ABSENT'] as const;
export const isAbsentWord = (text: string): boolean =>
  (ABSENT_WORDS as readonly string[]).includes(text.trim().toUpperCase());

/**
 * A mark is entered when it has a value or was marked absent; a null mark that is not absent was never
 * entered (posting and report cards rely on this meaning).
 */
export const isEntered = (mark: number | null, absent: boolean): boolean => mark !== null || absent;

/** A stored mark as a file or the preview writes it: "74.9", "ABS", or "" when nothing was entered. */
export function markLabel(mark: number | null, absent: boolean): string {
  if (absent) return ABSENT_INPUT;
  if (mark === null) return '';
  const r = roundMark(mark);
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/** D47: the most result rows one file may hold; a bigger file is refused before any row is checked. */
export const RESULT_ROWS_MAX = 200_000;
/** D47: how many row numbers a message lists before it counts the rest. */
export const LINES_LISTED_MAX = 3;

/** "rows 2, 3, 4 … and 9,997 more": a message stays short however many rows repeat a key. */
export function listLines(lines: readonly number[], max = LINES_LISTED_MAX): string {
  const shown = lines.slice(0, max).join(', ');
  const rest = lines.length - max;
  return rest > 0 ? `rows ${shown} … and ${rest.toLocaleString('en-US')} more` : `rows ${shown}`;
}
