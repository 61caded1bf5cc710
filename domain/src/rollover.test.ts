import { describe, expect, it } from 'vitest';
import { classOneFormUp, planRollover, type RolloverInput, type RolloverStudent } from './rollover.js';

const CLASSES = {
  '1A': 1,
  '1B': 1,
  '2A': 2,
  '2B': 2,
  '3SCI': 3,
  '4SCI': 4,
  '4B': 4,
  '5A': 5,
  '6A': 6,
  '7A': 7,
  L6A: 6,
  U6A: 7,
  SCI3: 3,
};
type ClassId = keyof typeof CLASSES;

const student = (
  id: string,
  classId: ClassId | null,
  more: Partial<RolloverStudent> = {},
): RolloverStudent => ({
  id,
  first_name: 'Ann',
  last_name: `Lee${id}`,
  class_id: classId,
  form_level: classId === null ? null : CLASSES[classId],
  withdrawn: false,
  next_mark: null,
  next_school: null,
  next_class_id: null,
  ...more,
});

const plan = (students: RolloverStudent[], more: Partial<RolloverInput> = {}) =>
  planRollover({
    fromYear: 2025,
    students,
    classes: Object.entries(CLASSES).map(([class_id, form_level]) => ({ class_id, form_level })),
    classMoves: [],
    sixthForm: false,
    ...more,
  });
/** The one student's row, and the plan's conflicts. */
const one = (s: RolloverStudent, more: Partial<RolloverInput> = {}) => {
  const p = plan([s], more);
  return { row: p.students[0]!, conflicts: p.conflicts };
};
const next = (s: RolloverStudent, more: Partial<RolloverInput> = {}) => one(s, more).row.next;

describe('planRollover: moving up a form', () => {
  it('takes Forms 1–4 one form up in the class of the same name (1A → 2A, 3SCI → 4SCI)', () => {
    expect(next(student('1', '1A'))).toEqual({ form_level: 2, class_id: '2A', status: 'enrolled' });
    expect(next(student('2', '3SCI'))).toEqual({ form_level: 4, class_id: '4SCI', status: 'enrolled' });
    expect(one(student('3', '1A')).row).toMatchObject({
      closing_status: 'enrolled',
      problem: null,
      note: null,
    });
  });
  it('cannot guess the next class of a class not named after its form: one conflict for the class', () => {
    const p = plan([student('1', 'SCI3'), student('2', 'SCI3')]);
    expect(p.students[0]!.next).toEqual({ form_level: 4, class_id: null, status: 'enrolled' });
    expect(p.students[0]!.problem).toBe('No class for next year: add a class move for SCI3.');
    expect(p.conflicts).toEqual([
      {
        student_id: null,
        class_id: 'SCI3',
        message:
          "Next year's class for 2 students in SCI3 cannot be worked out from its name. Add a class move from SCI3 to a Form 4 class.",
      },
    ]);
  });
  it('follows the class map before the name, and a class chosen for the student before both', () => {
    const classMoves = [{ from: '1A', to: '2B' }];
    expect(next(student('1', '1A'), { classMoves })?.class_id).toBe('2B');
    expect(next(student('2', '1A', { next_class_id: '2A' }), { classMoves })?.class_id).toBe('2A');
    expect(next(student('3', 'SCI3'), { classMoves: [{ from: 'SCI3', to: '4SCI' }] })?.class_id).toBe('4SCI');
  });
  it('refuses a class chosen for the student in the wrong form, naming the student', () => {
    const { row, conflicts } = one(student('7', '1A', { next_class_id: '3SCI' }));
    const message =
      'Ann Lee7 (7) goes into Form 2 next year, but the class chosen for them, 3SCI, is a Form 3 class. Choose a Form 2 class.';
    expect(row.problem).toBe(message);
    expect(conflicts).toEqual([{ student_id: '7', class_id: '1A', message }]);
  });
  it('refuses a class move into the wrong form once for the class', () => {
    const p = plan([student('1', '1A'), student('2', '1A')], { classMoves: [{ from: '1A', to: '3SCI' }] });
    expect(p.students.map((r) => r.problem)).toEqual([
      'Class 3SCI is a Form 3 class, not Form 2.',
      'Class 3SCI is a Form 3 class, not Form 2.',
    ]);
    expect(p.conflicts).toEqual([
      {
        student_id: null,
        class_id: '1A',
        message:
          '2 students in 1A would move into 3SCI, a Form 3 class, but they go into Form 2. Set the class move for 1A to a Form 2 class.',
      },
    ]);
  });
  it('names a target class missing from the class list once, with how many students would go there', () => {
    const p = plan([
      student('1', '4B'),
      student('2', '4B'),
      student('3', '4B'),
      student('4', '1A', { next_class_id: '2Z' }),
    ]);
    expect(p.students[0]!.next).toEqual({ form_level: 5, class_id: '5B', status: 'enrolled' });
    expect(p.students[0]!.problem).toBe('Class 5B is not in the class list.');
    expect(p.conflicts.map((c) => [c.class_id, c.message])).toEqual([
      [
        '5B',
        'Class 5B is not in the class list, and 3 students would move into it. Add 5B in Settings → Classes, or change the class moves.',
      ],
      [
        '2Z',
        'Class 2Z is not in the class list, and 1 student would move into it. Add 2Z in Settings → Classes, or change the class moves.',
      ],
    ]);
  });
});

describe('planRollover: the last forms', () => {
  const sixth = { sixthForm: true };
  it('graduates Form 5 and Form 7, and takes Form 6 up to Form 7', () => {
    for (const s of [student('1', '5A'), student('2', '7A'), student('4', 'U6A')])
      expect(one(s, sixth).row).toMatchObject({ closing_status: 'graduated', next: null, problem: null });
    expect(next(student('5', '6A'))).toEqual({ form_level: 7, class_id: '7A', status: 'enrolled' });
    expect(next(student('6', 'L6A'), { classMoves: [{ from: 'L6A', to: 'U6A' }] })?.class_id).toBe('U6A');
  });
  it('takes a Form 5 student marked for the sixth form into Form 6 by the class map or their own class', () => {
    const marked = student('1', '5A', { next_mark: 'sixth_form' });
    expect(next(marked, { ...sixth, classMoves: [{ from: '5A', to: 'L6A' }] })).toEqual({
      form_level: 6,
      class_id: 'L6A',
      status: 'enrolled',
    });
    expect(next({ ...marked, next_class_id: '6A' }, sixth)?.class_id).toBe('6A');
  });
  it('does not guess a sixth form class from the name: without a move or a chosen class it is a conflict', () => {
    const { row, conflicts } = one(student('1', '5A', { next_mark: 'sixth_form' }), sixth);
    expect(row.next).toEqual({ form_level: 6, class_id: null, status: 'enrolled' });
    expect(conflicts.map((c) => c.message)).toEqual([
      '1 student in 5A moves to the sixth form, but no sixth form class is set for them. Add a class move to a Lower Sixth class, or give each student a class for next year.',
    ]);
  });
  it('refuses a sixth form mark when the school has none, or on a student not in Form 5', () => {
    const off = one(student('1', '5A', { next_mark: 'sixth_form' }));
    expect(off.row.next).toBeNull();
    expect(off.conflicts[0]?.message).toBe(
      'Ann Lee1 (1) is marked for the sixth form, but the school has no sixth form. Turn it on in the settings, or change the mark.',
    );
    const form3 = one(student('2', '3SCI', { next_mark: 'sixth_form' }), sixth);
    expect(form3.conflicts[0]?.message).toBe(
      'Ann Lee2 (2) is marked for the sixth form but is in Form 3: only Form 5 students move into the sixth form. Change the mark.',
    );
  });
});

describe('planRollover: marks and withdrawals', () => {
  it('keeps a repeating student in their form and class, following a class move only within the form', () => {
    const repeater = (classId: ClassId) => student('1', classId, { next_mark: 'repeating' });
    expect(next(repeater('5A'))).toEqual({ form_level: 5, class_id: '5A', status: 'repeating' });
    expect(next(repeater('1A'), { classMoves: [{ from: '1A', to: '2B' }] })?.class_id).toBe('1A');
    expect(next(repeater('1A'), { classMoves: [{ from: '1A', to: '1B' }] })?.class_id).toBe('1B');
    expect(next(repeater('1A'), { classMoves: [{ from: '1A', to: 'NEW' }] })?.class_id).toBe('1A');
    expect(one(repeater('7A')).row).toMatchObject({ closing_status: 'enrolled', next: { form_level: 7 } });
    expect(one(student('2', '1A', { next_mark: 'repeating', next_class_id: '2A' })).conflicts).toHaveLength(
      1,
    );
  });
  it('ends the year of a leaver, a transfer (with the school as note) and a withdrawn student with no next year', () => {
    const left = one(student('1', '5A', { next_mark: 'leaving', next_class_id: '6A' })).row;
    expect(left).toMatchObject({ closing_status: 'left', next: null, note: null, problem: null });
    const moved = one(
      student('2', '2A', { next_mark: 'transferring', next_school: ' Naparima College ' }),
    ).row;
    expect(moved).toMatchObject({
      closing_status: 'transferred',
      next: null,
      note: 'Naparima College',
      problem: null,
    });
    for (const mark of [null, 'repeating', 'transferring'] as const) {
      const gone = one(student('3', null, { withdrawn: true, next_mark: mark }));
      expect(gone.row).toMatchObject({ closing_status: 'withdrawn', next: null, problem: null });
      expect(gone.conflicts).toEqual([]);
    }
  });
  it('refuses a transfer without the school', () => {
    const { row, conflicts } = one(student('2', '2A', { next_mark: 'transferring', next_school: '  ' }));
    expect(row).toMatchObject({ closing_status: 'transferred', note: null });
    expect(conflicts[0]?.message).toBe(
      'Ann Lee2 (2) is marked transferring, but the school they are going to is not named. Enter the school.',
    );
  });
  it('cannot place a student with no class (a leaver with no class is fine)', () => {
    const { row, conflicts } = one(student('9', null));
    expect(row).toMatchObject({ next: null, closing_status: 'enrolled' });
    expect(conflicts).toEqual([
      {
        student_id: '9',
        class_id: null,
        message:
          'Ann Lee9 (9) has no class, so they cannot be placed next year. Give them a class, or mark them leaving.',
      },
    ]);
    expect(one(student('9', null, { next_mark: 'leaving' })).conflicts).toEqual([]);
    expect(one({ ...student('8', '1A'), class_id: 'GONE', form_level: null }).conflicts[0]?.message).toMatch(
      /GONE, which is not in the class list/,
    );
    expect(one({ ...student('8', '1A'), form_level: 9 }).conflicts[0]?.message).toMatch(
      /Form 9, which the rollover does not know/,
    );
  });
});

describe('classOneFormUp', () => {
  it.each([
    ['1A', 1, '2A'],
    ['3SCI', 3, '4SCI'],
    ['6', 6, '7'],
    ['1A', 2, null],
    ['L6A', 6, null],
    ['SCI3', 3, null],
  ])('%s in Form %i → %s', (id, form, expected) => expect(classOneFormUp(id, form)).toBe(expected));
});
