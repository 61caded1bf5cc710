import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RolloverPreview } from '@sp/domain';

type Counts = Pick<RolloverPreview, 'forms' | 'repeating' | 'leavers'>;

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
  const { moveUp, graduated, repeat, left, transferred, withdrawn } = rolloverNumbers(plan);
  const parts = [
    moveUp === 1 ? i18n._(msg`${moveUp} student moves up`) : i18n._(msg`${moveUp} students move up`),
    graduated && (graduated === 1 ? i18n._(msg`${graduated} graduates`) : i18n._(msg`${graduated} graduate`)),
    repeat && (repeat === 1 ? i18n._(msg`${repeat} repeats`) : i18n._(msg`${repeat} repeat`)),
    left && (left === 1 ? i18n._(msg`${left} leaves`) : i18n._(msg`${left} leave`)),
    transferred &&
      (transferred === 1 ? i18n._(msg`${transferred} transfers`) : i18n._(msg`${transferred} transfer`)),
    withdrawn &&
      (withdrawn === 1
        ? i18n._(msg`${withdrawn} withdrawn student is not carried over`)
        : i18n._(msg`${withdrawn} withdrawn students are not carried over`)),
  ];
  return parts.filter(Boolean).join(', ');
}

/** Translated where it is shown (`i18n._`). */
export const REGISTRATION_CLOSES: MessageDescriptor = msg`registration closes for every form until you open it for the new year in Settings`;
