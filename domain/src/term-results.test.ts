import { describe, expect, it } from 'vitest';
import {
  ABSENT_MARK,
  averageOf,
  classStanding,
  computeResult,
  DEFAULT_WEIGHTS,
  formatMark,
  gradeFor,
  isValidMark,
  isValidWeights,
  medianOf,
  parseMark,
  rankWithTies,
  roundMark,
  subjectStats,
  subjectTotal,
  isAbsentWord,
  isEntered,
  listLines,
  markLabel,
} from './term-results.js';

describe('gradeFor (grade key A 75–100, B 65–74.9, C 55–64.9, D 50–54.9, E below 50)', () => {
  it.each([
    [100, 'A'],
    [75, 'A'],
    [74.9, 'B'],
    [65, 'B'],
    [64.9, 'C'],
    [55, 'C'],
    [54.9, 'D'],
    [50, 'D'],
    [49.9, 'E'],
    [0, 'E'],
  ] as const)('%s → %s', (total, grade) => {
    expect(gradeFor(total)).toBe(grade);
  });
  it('gives no grade without a total', () => {
    expect(gradeFor(null)).toBeNull();
  });
});

describe('subjectTotal', () => {
  it('uses 30/70 by default', () => {
    expect(DEFAULT_WEIGHTS).toEqual({ course: 30, exam: 70 });
    expect(subjectTotal(80, 70)).toBe(73);
    expect(subjectTotal(100, 100)).toBe(100);
    expect(subjectTotal(0, 0)).toBe(0);
  });
  it('uses the subject weights when given', () => {
    expect(subjectTotal(80, 70, { course: 50, exam: 50 })).toBe(75);
    expect(subjectTotal(80, 70, { course: 0, exam: 100 })).toBe(70);
    expect(subjectTotal(80, 70, { course: 100, exam: 0 })).toBe(80);
  });
  it('rounds half up to one decimal, with no float drift', () => {
    // 0.3 × 74.5 + 0.7 × 75 = 22.35 + 52.5 = 74.85 → 74.9 (B)
    expect(subjectTotal(74.5, 75)).toBe(74.9);
    expect(gradeFor(subjectTotal(74.5, 75))).toBe('B');
    // 0.3 × 74.9 + 0.7 × 75 = 22.47 + 52.5 = 74.97 → 75.0 (A)
    expect(subjectTotal(74.9, 75)).toBe(75);
    expect(gradeFor(subjectTotal(74.9, 75))).toBe('A');
    // 0.3 × 65.1 + 0.7 × 64.9 = 19.53 + 45.43 = 64.96 → 65.0 (B)
    expect(subjectTotal(65.1, 64.9)).toBe(65);
  });
  it('a missing exam (or course) mark gives no total and no grade', () => {
    expect(subjectTotal(80, null)).toBeNull();
    expect(subjectTotal(null, 80)).toBeNull();
    expect(computeResult(90, null)).toEqual({ total: null, grade: null });
  });
  it('computeResult gives total and grade together', () => {
    expect(computeResult(74.9, 74.9)).toEqual({ total: 74.9, grade: 'B' });
    expect(computeResult(75, 75)).toEqual({ total: 75, grade: 'A' });
  });
});

describe('marks and weights', () => {
  it('accepts 0–100 with one decimal', () => {
    expect(isValidMark(0)).toBe(true);
    expect(isValidMark(100)).toBe(true);
    expect(isValidMark(74.9)).toBe(true);
    expect(isValidMark(100.1)).toBe(false);
    expect(isValidMark(-1)).toBe(false);
    expect(isValidMark(74.95)).toBe(false);
    expect(isValidMark(Number.NaN)).toBe(false);
  });
  it('weights are whole percentages adding up to 100', () => {
    expect(isValidWeights({ course: 30, exam: 70 })).toBe(true);
    expect(isValidWeights({ course: 0, exam: 100 })).toBe(true);
    expect(isValidWeights({ course: 30, exam: 60 })).toBe(false);
    expect(isValidWeights({ course: 30.5, exam: 69.5 })).toBe(false);
    expect(isValidWeights({ course: -10, exam: 110 })).toBe(false);
  });
  it('formats marks as printed, a missing one as Abs', () => {
    expect(formatMark(null)).toBe(ABSENT_MARK);
    expect(ABSENT_MARK).toBe('Abs');
    expect(formatMark(75)).toBe('75');
    expect(formatMark(74.9)).toBe('74.9');
    expect(roundMark(74.95)).toBe(75);
  });
  it('parses database numerics and blanks', () => {
    expect(parseMark('74.9')).toBe(74.9);
    expect(parseMark(' ')).toBeNull();
    expect(parseMark(null)).toBeNull();
    expect(parseMark('x')).toBeNull();
    expect(parseMark(12)).toBe(12);
  });
});

describe('averages, medians and ranks', () => {
  it('averages the totals that exist', () => {
    expect(averageOf([70, 80, null])).toBe(75);
    expect(averageOf([70, 71, 71])).toBe(70.7);
    expect(averageOf([null])).toBeNull();
    expect(averageOf([])).toBeNull();
  });
  it('takes the median of odd and even counts', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
    expect(medianOf([70.1, 70.2])).toBe(70.2); // 70.15 rounds half up
    expect(medianOf([null, null])).toBeNull();
  });
  it('ranks with ties 1, 2, 2, 4 in input order', () => {
    expect(rankWithTies([70, 90, 80, 80])).toEqual([4, 1, 2, 2]);
    expect(rankWithTies([50, 50, 50])).toEqual([1, 1, 1]);
    expect(rankWithTies([60, null, 70])).toEqual([2, null, 1]);
    expect(rankWithTies([])).toEqual([]);
  });
  it('compares at one decimal, as printed', () => {
    expect(rankWithTies([72.31, 72.29])).toEqual([1, 1]);
  });
});

describe('classStanding', () => {
  it('gives each student an average, a rank and the number in class', () => {
    const standing = classStanding([
      { student_id: 'a', totals: [80, 90] }, // 85
      { student_id: 'b', totals: [70, 80] }, // 75
      { student_id: 'c', totals: [75, 75, null] }, // 75, missing exam does not count
      { student_id: 'd', totals: [60] }, // 60
      { student_id: 'e', totals: [null] }, // no average, no rank
    ]);
    expect(standing.students.map((s) => [s.student_id, s.average, s.rank])).toEqual([
      ['a', 85, 1],
      ['b', 75, 2],
      ['c', 75, 2],
      ['d', 60, 4],
      ['e', null, null],
    ]);
    expect(standing.number_in_class).toBe(5);
    expect(standing.students.every((s) => s.number_in_class === 5)).toBe(true);
    expect(standing.class_average).toBe(73.8); // (85 + 75 + 75 + 60) / 4 = 73.75
    expect(standing.class_median).toBe(75);
  });
  it('handles an empty class', () => {
    expect(classStanding([])).toEqual({
      students: [],
      class_average: null,
      class_median: null,
      number_in_class: 0,
    });
  });
  it('gives a subject its figures', () => {
    expect(subjectStats([40, 60, null, 80])).toEqual({ average: 60, median: 60, highest: 80, lowest: 40 });
    expect(subjectStats([null])).toEqual({ average: null, median: null, highest: null, lowest: null });
  });
});

describe('D40: blank is not absent', () => {
  it('reads ABS and Absent in any case as an absence, and nothing else', () => {
    expect(['ABS', 'abs', ' Abs ', 'absent', 'ABSENT'].every(isAbsentWord)).toBe(true);
    expect(['', ' ', '-', 'ab', '0', 'A'].some(isAbsentWord)).toBe(false);
  });
  it('calls a mark entered when it has a value or is absent', () => {
    expect(isEntered(null, false)).toBe(false);
    expect(isEntered(null, true)).toBe(true);
    expect(isEntered(0, false)).toBe(true);
  });
  it('writes a stored mark as a file shows it', () => {
    expect(markLabel(74.9, false)).toBe('74.9');
    expect(markLabel(80, false)).toBe('80');
    expect(markLabel(null, true)).toBe('ABS');
    expect(markLabel(null, false)).toBe('');
  });
});

describe('listLines (D47)', () => {
  it('lists a few rows and counts the rest', () => {
    expect(listLines([2, 3])).toBe('rows 2, 3');
    const many = Array.from({ length: 10_000 }, (_, i) => i + 2);
    expect(listLines(many)).toBe('rows 2, 3, 4 … and 9,997 more');
  });
});
