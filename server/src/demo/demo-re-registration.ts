import type { UnchangedStep } from '@sp/domain';
import type { AppContext } from '../context.js';
import { storeDocument } from '../features/documents/store-document.js';
import { confirmStepUnchanged } from '../features/registration/confirm-unchanged.js';
import { saveStudentFields } from '../features/registration/save-student-fields.js';
import type { Actor } from '../plugins/auth.js';
import { passportPhoto } from './demo-documents.js';
import type { DemoStudent } from './demo-names.js';

/** What each returning family has done so far, one plan per student in list order. */
type Action = UnchangedStep | 'phone' | 'photo' | 'terms';
const PLANS: readonly (readonly Action[])[] = [
  [],
  ['student_data'],
  ['student_data', 'family_data', 'health_data', 'other_data', 'photo', 'terms'],
  ['student_data', 'phone'],
  ['student_data', 'phone', 'health_data'],
  // The README's returning student: Student Data confirmed, a new mobile number; the rest still to do.
  ['student_data', 'phone'],
  [],
  ['student_data', 'family_data', 'health_data', 'other_data', 'photo', 'terms'],
  ['student_data', 'family_data', 'phone', 'health_data'],
  ['student_data', 'phone', 'health_data', 'other_data', 'photo', 'terms'],
  ['student_data', 'family_data'],
];

/**
 * Returning families part way through this year's re-registration (D49), through the app's own services:
 * some steps confirmed with "Nothing has changed", a mother's mobile number changed, this year's photo sent
 * and the terms agreed again by a few; each family on one day of the past ten.
 */
export async function seedReRegistration(ctx: AppContext, returning: readonly DemoStudent[]): Promise<void> {
  const now = ctx.clock().getTime();
  for (const [k, student] of returning.entries()) {
    let at = now - (1 + (k % 10)) * 86_400_000;
    const next = () => ({ ...ctx, clock: () => new Date((at += 1_800_000)) });
    const actor: Actor = { kind: 'student', id: student.id, ip: `10.1.${k}.1` };
    for (const action of PLANS[k % PLANS.length]!) {
      if (action === 'phone')
        await saveStudentFields(next(), actor, {
          id: student.id,
          mobile_phone_mother: `78${String(10_000 + k * 37).slice(-5)}`,
        });
      else if (action === 'terms')
        await saveStudentFields(next(), actor, { id: student.id, agree_terms_conditions: 1 });
      else if (action === 'photo')
        await storeDocument(next(), actor, {
          fields: { id: student.id, file_type: 'picture' },
          file: { name: 'photo this year.png', data: passportPhoto((k * 29) % 60) },
        });
      else await confirmStepUnchanged(next(), actor, student.id, action);
    }
  }
}
