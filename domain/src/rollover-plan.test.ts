import { describe, expect, it } from 'vitest';
import { planRollover, type RolloverInput, type RolloverStudent } from './rollover.js';
import { ROLLOVER_MARKS } from './rollover-plan.js';

const LETTERS = ['A', 'B', 'C', 'D'];
const classes = [1, 2, 3, 4, 5].flatMap((form) =>
  LETTERS.map((l) => ({ class_id: `${form}${l}`, form_level: form })),
);

/** A school of n students spread over 1A–5D; every 10th repeats, every 25th leaves, every 40th from the 3rd transfers; S1 is withdrawn. */
function school(n: number): RolloverInput {
  const students = Array.from({ length: n }, (_, i): RolloverStudent => {
    const { class_id, form_level } = classes[i % classes.length]!;
    const mark = i % 10 === 0 ? 'repeating' : i % 25 === 0 ? 'leaving' : i % 40 === 3 ? 'transferring' : null;
    return {
      id: `S${i}`,
      first_name: 'Kai',
      last_name: `Ramdial${i}`,
      class_id,
      form_level,
      withdrawn: i % 50 === 1,
      next_mark: mark,
      next_school: mark === 'transferring' ? 'Presentation College' : null,
      next_class_id: null,
    };
  });
  return { fromYear: 2025, students, classes, classMoves: [], sixthForm: false };
}

describe('planRollover: the counts', () => {
  it('counts each form and class before (withdrawn left out) and after, the leavers and the repeaters', () => {
    const input = school(40);
    const students = input.students.map((s) => (s.id === 'S2' ? { ...s, next_mark: 'leaving' as const } : s));
    const p = planRollover({ ...input, students, classMoves: [{ from: '1B', to: '2C' }] });
    // S0 and S20 repeat in 1A, S10 and S30 in 3C; S1 (1B) is withdrawn, S2 (1C) and S25 (2B) leave, S3 (1D)
    // transfers; S21 (1B) follows the class move to 2C; Form 5 (S16–19, S36–39) graduates.
    expect(p.forms).toEqual([
      { key: 1, before: 7, after: 2 },
      { key: 2, before: 8, after: 3 },
      { key: 3, before: 8, after: 9 },
      { key: 4, before: 8, after: 6 },
      { key: 5, before: 8, after: 8 },
    ]);
    expect(p.classes.slice(0, 8)).toEqual([
      { key: '1A', before: 2, after: 2 },
      { key: '1B', before: 1, after: 0 },
      { key: '1C', before: 2, after: 0 },
      { key: '1D', before: 2, after: 0 },
      { key: '2A', before: 2, after: 0 },
      { key: '2B', before: 2, after: 0 },
      { key: '2C', before: 2, after: 2 },
      { key: '2D', before: 2, after: 1 },
    ]);
    expect(p.leavers).toEqual({ graduated: 8, left: 2, transferred: 1, withdrawn: 1 });
    expect(p.repeating).toBe(4);
    expect(p.conflicts).toEqual([]);
    expect([p.from_year, p.to_year]).toEqual([2025, 2026]);
  });
  it('lists a missing target class after the school’s classes, form by form and by name', () => {
    const input = school(20);
    const p = planRollover({
      ...input,
      classMoves: [{ from: '4A', to: '10B' }],
      classes: [...classes].reverse(),
    });
    const keys = p.classes.map((c) => c.key);
    expect(keys.slice(0, 5)).toEqual(['1A', '1B', '1C', '1D', '2A']);
    expect(keys.at(-1)).toBe('10B');
  });
});

describe('planRollover: the plan hash', () => {
  const base = school(400);
  const hash = (input: RolloverInput) => planRollover(input).plan_hash;
  const withStudent = (i: number, change: Partial<RolloverStudent>): RolloverInput => ({
    ...base,
    students: base.students.map((s, j) => (j === i ? { ...s, ...change } : s)),
  });

  it('is 16 hex digits and the same for the same plan, whatever the order of the students', () => {
    expect(hash(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(hash({ ...base, students: [...base.students].reverse() })).toBe(hash(base));
    const shuffled = [...base.students].sort((a, b) => a.last_name.localeCompare(b.last_name));
    expect(hash({ ...base, students: shuffled })).toBe(hash(base));
  });
  it('changes when any mark changes, on any student (a withdrawn one too)', () => {
    const seen = new Set([hash(base)]);
    for (const i of [3, 7, 150, 151, 399])
      for (const mark of [null, ...ROLLOVER_MARKS]) {
        if (mark === base.students[i]!.next_mark) continue;
        const h = hash(
          withStudent(i, { next_mark: mark, next_school: mark === 'transferring' ? 'QRC' : null }),
        );
        expect(seen.has(h), `S${i} ${mark}`).toBe(false);
        seen.add(h);
      }
  });
  it('changes with the school of a transfer, a chosen class, the class map, the year and the sixth form setting', () => {
    const transfer = base.students.findIndex((s) => s.next_mark === 'transferring');
    expect(hash(withStudent(transfer, { next_school: 'Fatima College' }))).not.toBe(hash(base));
    expect(hash(withStudent(2, { next_class_id: '4B' }))).not.toBe(hash(base));
    expect(hash({ ...base, classMoves: [{ from: '2A', to: '3B' }] })).not.toBe(hash(base));
    expect(hash({ ...base, fromYear: 2026 })).not.toBe(hash(base));
    expect(hash({ ...base, sixthForm: true })).not.toBe(hash(base));
    expect(hash({ ...base, students: base.students.slice(1) })).not.toBe(hash(base));
  });
  it('does not change when a name is corrected', () => {
    expect(hash(withStudent(5, { first_name: 'Kaia' }))).toBe(hash(base));
  });
});

describe('planRollover at scale', () => {
  it('plans 100,000 students in one pass', () => {
    const input = school(100_000);
    const started = performance.now();
    const p = planRollover(input);
    const ms = performance.now() - started;
    expect(p.students).toHaveLength(100_000);
    expect(p.forms.reduce((n, f) => n + f.before, 0)).toBe(98_000);
    // A sanity bound only (timings belong to the benches): a scan per student would take minutes.
    expect(ms).toBeLessThan(10_000);
  });
});
