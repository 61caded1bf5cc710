import { planHashOf } from './rollover-hash.js';
import { rolloverMessages as say, type StudentName } from './rollover-messages.js';
import {
  LAST_FORM,
  LEAVER_STATUSES,
  LOWER_SIXTH,
  UPPER_SIXTH,
  type LeaverStatus,
  type NextStatus,
  type RolloverConflict,
  type RolloverMark,
  type RolloverPlan,
  type RolloverRow,
} from './rollover-plan.js';

export interface RolloverStudent extends StudentName {
  class_id: string | null;
  /** The form of the student's class (null with no class). */
  form_level: number | null;
  withdrawn: boolean;
  next_mark: RolloverMark | null;
  next_school: string | null;
  next_class_id: string | null;
}

export interface RolloverInput {
  fromYear: number;
  students: readonly RolloverStudent[];
  classes: readonly { class_id: string; form_level: number }[];
  classMoves: readonly { from: string; to: string }[];
  sixthForm: boolean;
}

/** 1A → 2A, 3SCI → 4SCI: the form's number at the front of the class name, one form up; null without it. */
export function classOneFormUp(classId: string, form: number): string | null {
  const match = /^(\d+)(.*)$/s.exec(classId);
  return match && Number(match[1]) === form ? `${form + 1}${match[2]}` : null;
}

type Source = 'student' | 'class';
interface Count {
  before: number;
  after: number;
}
interface Grouped {
  class_id: string;
  students: number;
  message: (students: number) => string;
}

/**
 * D49: the yearly rollover as a plan, written by nothing: what each student's closing year says and where
 * they go next, the counts before → after, and every conflict that must be fixed before confirming. One pass
 * over the students with maps for the classes and moves, so a school of 100,000 plans in a blink.
 */
export function planRollover(input: RolloverInput): RolloverPlan {
  const formOf = new Map(input.classes.map((c) => [c.class_id, c.form_level]));
  const moveOf = new Map(input.classMoves.map((m) => [m.from, m.to]));
  const forms = new Map<number, Count>();
  const classes = new Map<string, Count>(input.classes.map((c) => [c.class_id, { before: 0, after: 0 }]));
  const tally = <K>(counts: Map<K, Count>, key: K, side: keyof Count) => {
    const count = counts.get(key) ?? { before: 0, after: 0 };
    count[side]++;
    counts.set(key, count);
  };
  const studentConflicts: RolloverConflict[] = [];
  const grouped = new Map<string, Grouped>();
  const leavers = Object.fromEntries(LEAVER_STATUSES.map((s) => [s, 0])) as Record<LeaverStatus, number>;
  let repeating = 0;

  const refuse = (row: RolloverRow, s: RolloverStudent, message: string) => {
    row.problem = message;
    studentConflicts.push({ student_id: s.id, class_id: s.class_id, message });
  };
  const refuseClass = (row: RolloverRow, key: string, problem: string, group: Omit<Grouped, 'students'>) => {
    row.problem = problem;
    const found = grouped.get(key) ?? { ...group, students: 0 };
    found.students++;
    grouped.set(key, found);
  };

  /** Puts a continuing student in a class of the target form, or says why that class will not do. */
  const place = (
    row: RolloverRow,
    s: RolloverStudent,
    form: number,
    status: NextStatus,
    classId: string | null,
    source: Source,
  ) => {
    row.next = { form_level: form, class_id: classId, status };
    const from = s.class_id ?? '';
    if (classId === null) {
      const sixth = form === LOWER_SIXTH;
      refuseClass(row, `unplaced ${from}`, sixth ? say.noSixthFormClassRow : say.noNextClassRow(from), {
        class_id: from,
        message: (n) => (sixth ? say.noSixthFormClass(from, n) : say.noNextClass(from, form, n)),
      });
      return;
    }
    const classForm = formOf.get(classId);
    if (classForm === undefined)
      refuseClass(row, `missing ${classId}`, say.missingClassRow(classId), {
        class_id: classId,
        message: (n) => say.missingClass(classId, n),
      });
    else if (classForm !== form && source === 'student')
      refuse(row, s, say.wrongFormClass(s, classId, classForm, form));
    else if (classForm !== form)
      refuseClass(row, `wrong form ${from} ${classId}`, say.wrongFormClassRow(classId, classForm, form), {
        class_id: from,
        message: (n) => say.wrongFormMove(from, classId, classForm, form, n),
      });
  };

  const decide = (row: RolloverRow, s: RolloverStudent, form: number | null) => {
    if (s.withdrawn) return void (row.closing_status = 'withdrawn');
    if (s.next_mark === 'leaving') return void (row.closing_status = 'left');
    if (s.next_mark === 'transferring') {
      row.closing_status = 'transferred';
      row.note = s.next_school?.trim() || null;
      if (!row.note) refuse(row, s, say.noSchool(s));
      return;
    }
    if (s.class_id === null) return refuse(row, s, say.noClass(s));
    if (form === null) return refuse(row, s, say.classNotListed(s, s.class_id));
    if (!Number.isInteger(form) || form < 1 || form > UPPER_SIXTH)
      return refuse(row, s, say.unknownForm(s, form));
    if (s.next_mark === 'sixth_form' && !input.sixthForm) return refuse(row, s, say.noSixthForm(s));
    if (s.next_mark === 'sixth_form' && form !== LAST_FORM)
      return refuse(row, s, say.sixthFormNotForm5(s, form));
    const chosen = s.next_class_id;
    const move = moveOf.get(s.class_id);
    const source: Source = chosen === null ? 'class' : 'student';
    if (s.next_mark === 'repeating') {
      // A class move is for the class going up; a repeater follows it only when it stays within the form.
      const sameForm = move !== undefined && formOf.get(move) === form ? move : s.class_id;
      return place(row, s, form, 'repeating', chosen ?? sameForm, source);
    }
    if (s.next_mark === 'sixth_form')
      return place(row, s, LOWER_SIXTH, 'enrolled', chosen ?? move ?? null, source);
    if (form === LAST_FORM || form === UPPER_SIXTH) return void (row.closing_status = 'graduated');
    place(row, s, form + 1, 'enrolled', chosen ?? move ?? classOneFormUp(s.class_id, form), source);
  };

  const rows = input.students.map((s): RolloverRow => {
    const form = s.form_level ?? (s.class_id === null ? null : (formOf.get(s.class_id) ?? null));
    const row: RolloverRow = {
      student_id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      from: { form_level: form, class_id: s.class_id },
      mark: s.next_mark,
      school: s.next_school,
      closing_status: 'enrolled',
      next: null,
      note: null,
      problem: null,
    };
    decide(row, s, form);
    if (!s.withdrawn && form !== null) tally(forms, form, 'before');
    if (!s.withdrawn && s.class_id !== null) tally(classes, s.class_id, 'before');
    if (row.next) tally(forms, row.next.form_level, 'after');
    if (row.next?.class_id) tally(classes, row.next.class_id, 'after');
    if (row.next?.status === 'repeating') repeating++;
    if (row.closing_status !== 'enrolled') leavers[row.closing_status]++;
    return row;
  });

  const classConflicts = [...grouped.values()].map((g) => ({
    student_id: null,
    class_id: g.class_id,
    message: g.message(g.students),
  }));
  return {
    from_year: input.fromYear,
    to_year: input.fromYear + 1,
    students: rows,
    forms: [...forms].sort(([a], [b]) => a - b).map(([key, count]) => ({ key, ...count })),
    classes: sortedClasses(classes, formOf),
    leavers,
    repeating,
    conflicts: [...classConflicts, ...studentConflicts],
    plan_hash: planHashOf(input.fromYear, input.sixthForm, rows),
  };
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

/** Form by form, then by name (2B before 2C, 2B before 10A); classes missing from the list come last. */
function sortedClasses(classes: Map<string, Count>, formOf: Map<string, number>) {
  const formKey = (id: string) => formOf.get(id) ?? Number.POSITIVE_INFINITY;
  return [...classes]
    .sort(([a], [b]) => formKey(a) - formKey(b) || byName(a, b))
    .map(([key, count]) => ({ key, ...count }));
}
