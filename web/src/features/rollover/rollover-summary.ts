import type { RolloverPreview } from '@sp/domain';

type Counts = Pick<RolloverPreview, 'forms' | 'repeating' | 'leavers'>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a confirm would do, in numbers: students moving up (into the sixth form too), repeating and leaving. */
export function rolloverNumbers(plan: Counts) {
  // Every student with a place next year is counted in a form; those not repeating move up.
  const moveUp = plan.forms.reduce((n, f) => n + f.after, 0) - plan.repeating;
  return { moveUp, repeat: plan.repeating, ...plan.leavers };
}

/**
 * The confirm dialog's sentence, as the office says it: "312 students move up, 61 graduate, 2 repeat, 1 leaves,
 * 1 transfers". Only what happens is named, moving up always.
 */
export function rolloverSentence(plan: Counts): string {
  const n = rolloverNumbers(plan);
  const parts = [
    count(n.moveUp, 'student moves up', 'students move up'),
    n.graduated && count(n.graduated, 'graduates', 'graduate'),
    n.repeat && count(n.repeat, 'repeats', 'repeat'),
    n.left && count(n.left, 'leaves', 'leave'),
    n.transferred && count(n.transferred, 'transfers', 'transfer'),
    n.withdrawn &&
      count(n.withdrawn, 'withdrawn student is not carried over', 'withdrawn students are not carried over'),
  ];
  return parts.filter(Boolean).join(', ');
}

export const REGISTRATION_CLOSES =
  'registration closes for every form until you open it for the new year in Settings';
