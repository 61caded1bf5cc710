import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseMark } from '@sp/domain';
import { formSubjects, students, termResults, termSummaries, terms } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedDemoSchool } from './demo-school.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoSchool(t.database.db, new Date('2026-11-22T12:00:00Z'))).toBe(true);
});
afterAll(() => t.close());

describe('demo term results', () => {
  it('gives every student two past terms, one posted and one not', async () => {
    const db = t.database.db;
    const list = await db.select().from(terms);
    expect(list.map((x) => [x.year, x.term, x.posted])).toEqual([
      [2025, 2, 1],
      [2025, 3, 0],
    ]);
    expect(list[0]!.date_posted).toMatch(/^2026-04-02 \d\d:\d\d:\d\d$/);
    const people = await db.select().from(students);
    const results = await db.select().from(termResults);
    const summaries = await db.select().from(termSummaries);
    expect(summaries).toHaveLength(people.length * 2);
    for (const term of list) {
      for (const p of people) {
        const mine = results.filter((r) => r.term_id === term.id && r.student_id === p.id);
        expect(mine.length).toBeGreaterThanOrEqual(8);
        expect(mine.length).toBeLessThanOrEqual(12);
      }
    }
    // Plausible marks with their computed totals and grades; a few missed exams.
    const totals = results.map((r) => parseMark(r.total)).filter((v): v is number => v !== null);
    expect(Math.min(...totals)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...totals)).toBeLessThanOrEqual(100);
    expect(new Set(results.map((r) => r.grade))).toEqual(new Set(['A', 'B', 'C', 'D', 'E', null]));
    expect(results.filter((r) => r.exam_mark === null).length).toBeGreaterThan(0);
    // D40: a missed exam is written ABS, so it is stored as absent, never as a mark nobody entered.
    expect(results.filter((r) => r.exam_mark === null).every((r) => r.exam_absent)).toBe(true);
    expect(results.every((r) => r.teacher_remark)).toBe(true);
    expect((await db.select().from(formSubjects).where(eq(formSubjects.form_level, 5))).length).toBe(11);
  });
});
