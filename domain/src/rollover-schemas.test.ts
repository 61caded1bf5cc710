import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { planRollover } from './rollover.js';
import { rolloverPlanSchema, rolloverPreviewSchema } from './rollover-plan.js';
import {
  classMovesSchema,
  defaultYearDates,
  rolloverConfirmSchema,
  rolloverMarkSchema,
} from './rollover-schemas.js';

/** The first message a body is refused with, and where. */
const refusal = (schema: z.ZodType, body: unknown) => {
  const result = schema.safeParse(body);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
};

describe('rolloverMarkSchema', () => {
  it('takes a mark or null, and keeps the school only with a transfer', () => {
    expect(rolloverMarkSchema.parse({ mark: null })).toEqual({ mark: null, school: null });
    expect(rolloverMarkSchema.parse({ mark: 'repeating', school: 'QRC' })).toEqual({
      mark: 'repeating',
      school: null,
    });
    expect(rolloverMarkSchema.parse({ mark: 'transferring', school: ' Fatima College ' })).toEqual({
      mark: 'transferring',
      school: 'Fatima College',
    });
  });
  it('refuses a transfer without a school, a school too long, and an unknown mark', () => {
    expect(refusal(rolloverMarkSchema, { mark: 'transferring', school: '  ' })).toEqual({
      path: 'school',
      message: 'Enter the school the student is going to.',
    });
    expect(refusal(rolloverMarkSchema, { mark: 'transferring' })?.path).toBe('school');
    expect(refusal(rolloverMarkSchema, { mark: 'transferring', school: 'x'.repeat(101) })?.message).toBe(
      'Use at most 100 characters for the school.',
    );
    expect(refusal(rolloverMarkSchema, { mark: 'expelled' })?.message).toBe(
      'Choose repeating, leaving, transferring or sixth form.',
    );
    expect(refusal(rolloverMarkSchema, {})?.path).toBe('mark');
    expect(refusal(rolloverMarkSchema, { mark: null, extra: 1 })).toBeDefined();
  });
});

describe('classMovesSchema', () => {
  it('takes up to 500 moves, trimmed', () => {
    expect(classMovesSchema.parse([{ from: ' 1A ', to: '2B' }])).toEqual([{ from: '1A', to: '2B' }]);
    expect(classMovesSchema.parse([])).toEqual([]);
    const many = Array.from({ length: 500 }, (_, i) => ({ from: `C${i}`, to: `D${i}` }));
    expect(classMovesSchema.safeParse(many).success).toBe(true);
  });
  it('refuses more than 500, a class named twice, an empty or long class, and a body that is not a list', () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ from: `C${i}`, to: `D${i}` }));
    expect(refusal(classMovesSchema, many)?.message).toBe('Send at most 500 class moves.');
    const twice = [
      { from: '1A', to: '2A' },
      { from: '1A', to: '2B' },
    ];
    expect(refusal(classMovesSchema, twice)).toEqual({
      path: '1.from',
      message: 'Class 1A has two moves: keep one.',
    });
    expect(refusal(classMovesSchema, [{ from: ' ', to: '2A' }])).toEqual({
      path: '0.from',
      message: 'Enter a class.',
    });
    expect(refusal(classMovesSchema, [{ from: '1A', to: '2ABCDEFGHIJ' }])?.message).toBe(
      'A class has at most 10 characters.',
    );
    expect(refusal(classMovesSchema, { from: '1A', to: '2A' })?.message).toBe(
      'Send the class moves as a list of {from, to}.',
    );
  });
});

describe('rolloverConfirmSchema', () => {
  const good = { from_year: 2025, to_year: 2026, ...defaultYearDates(2026), plan_hash: '0123456789abcdef' };
  it('takes the next year with its dates and the previewed plan', () => {
    expect(rolloverConfirmSchema.parse(good)).toEqual({
      from_year: 2025,
      to_year: 2026,
      starts_on: '2026-09-01',
      ends_on: '2027-08-31',
      plan_hash: '0123456789abcdef',
    });
    expect(rolloverConfirmSchema.safeParse({ ...good, ends_on: '2027-07-15' }).success).toBe(true);
  });
  it.each([
    [{ to_year: 2027 }, 'to_year', 'The year after 2025-2026 is 2026-2027.'],
    [{ starts_on: '2025-09-01' }, 'starts_on', 'The year 2026-2027 starts in 2026.'],
    [{ starts_on: '2026-02-30' }, 'starts_on', 'Enter a real date (yyyy-MM-dd).'],
    [{ ends_on: '2026-09-01' }, 'ends_on', 'The year must end after it starts.'],
    [{ ends_on: '2028-01-05' }, 'ends_on', 'The year 2026-2027 ends in 2027 at the latest.'],
    [{ ends_on: 20270831 }, 'ends_on', 'Enter the date as yyyy-MM-dd.'],
    [{ plan_hash: 'stale' }, 'plan_hash', 'Load the preview before confirming.'],
    [{ from_year: 25.5 }, 'from_year', 'Name the school year to close.'],
  ])('refuses %o', (change, path, message) => {
    expect(refusal(rolloverConfirmSchema, { ...good, ...change })).toEqual({ path, message });
  });
});

describe('the preview answer', () => {
  it('describes what planRollover returns', () => {
    const plan = planRollover({
      fromYear: 2025,
      students: [
        { id: 'S1', first_name: 'Ann', last_name: 'Lee', class_id: '1A', form_level: 1, withdrawn: false },
        { id: 'S2', first_name: 'Bo', last_name: 'Ng', class_id: null, form_level: null, withdrawn: false },
      ].map((s) => ({ ...s, next_mark: null, next_school: null, next_class_id: null })),
      classes: [{ class_id: '1A', form_level: 1 }],
      classMoves: [],
      sixthForm: false,
    });
    expect(rolloverPlanSchema.parse(plan)).toEqual(plan);
    const { conflicts, ...counts } = plan;
    const preview = {
      ...counts,
      year_label: '2025-2026',
      next_year_label: '2026-2027',
      sixth_form: false,
      can_close: true,
      close_refused: null,
      conflicts: conflicts.map((c) => ({ ...c, student: plan.students[1]!, fix_classes: [] })),
      conflicts_total: conflicts.length,
      student_classes: [
        { class_id: '1A', students: 1 },
        { class_id: null, students: 1 },
      ],
      students_total: 2,
      offset: 0,
      limit: 50,
    };
    expect(rolloverPreviewSchema.parse(preview)).toEqual(preview);
  });
});
