import { z } from 'zod';
import type { RegistrationStep } from './constants.js';
import type { StepProgress } from './student-record.js';

// Kept free of runtime imports from the other schema files: auth-schemas.ts reads studentYearSchema from here.

/**
 * The steps a returning family may confirm with "Nothing has changed", by the name the path and the
 * enrolment's stamps use, and the step of the editor each one is.
 */
export const UNCHANGED_STEPS = {
  student_data: 'studentData',
  family_data: 'familyData',
  health_data: 'healthData',
  other_data: 'otherData',
} as const satisfies Record<string, RegistrationStep>;
export type UnchangedStep = keyof typeof UNCHANGED_STEPS;
/** As the history names a confirmed step. */
export const UNCHANGED_STEP_LABELS: Record<UnchangedStep, string> = {
  student_data: 'Student Data',
  family_data: 'Family Data',
  health_data: 'Health Data',
  other_data: 'Other Data',
};
const UNCHANGED_STEP_NAMES = Object.keys(UNCHANGED_STEPS) as [UnchangedStep, ...UnchangedStep[]];

export const unchangedStepSchema = z.enum(UNCHANGED_STEP_NAMES, {
  error: 'Choose one of student_data, family_data, health_data or other_data.',
});

/** The path name of an editor step that can be confirmed unchanged, or null for documents and the last step. */
export const unchangedStepOf = (step: RegistrationStep): UnchangedStep | null =>
  UNCHANGED_STEP_NAMES.find((name) => UNCHANGED_STEPS[name] === step) ?? null;

/** A year's statuses with which the student no longer belongs to the school: old report cards only (D49). */
export const NOT_ENROLLED_STATUSES: readonly string[] = ['left', 'graduated', 'transferred'];

/** A student's place in the current school year, as the family's pages need it. */
export const studentYearSchema = z.object({
  /** 2026 is 2026-2027. */
  year: z.number(),
  label: z.string(),
  /** Enrolled in the year before: last year's answers are filled in and may be confirmed unchanged. */
  returning: z.boolean(),
  /** The enrolment's status this year; null when the student has no enrolment in it. */
  status: z.string().nullable(),
  /** Belongs to the school this year: false for a leaver, who reads old report cards only. */
  enrolled: z.boolean(),
  /** Each step confirmed with "Nothing has changed" this year, and when (ISO time). */
  unchanged: z.record(z.string(), z.string()),
});
export type StudentYear = z.infer<typeof studentYearSchema>;

/** POST /api/registration/steps/{step}/unchanged answers the message and the year as it now stands. */
export const unchangedResultSchema = z.object({ message: z.string(), year: studentYearSchema });
export type UnchangedResult = z.infer<typeof unchangedResultSchema>;

export const notEnrolledMessage = (label: string): string =>
  `You are no longer enrolled at the school for ${label}, so there is nothing to register. Your term reports are still yours to read.`;
export const notReturningMessage =
  'Only a student returning from last year can confirm a step as unchanged; fill in the step instead.';
export const fillBeforeConfirmMessage = 'Fill this in before confirming the step.';
export const stepIncompleteMessage = 'Some answers of this step are missing: fill them in, then confirm.';

/**
 * For a returning student last year's answers are already filled in, so a filled step is not yet done this
 * year: a data step completes only once the family saves in it or confirms it (or it is complete already).
 * Health works so for everyone already (it completes on its first save).
 */
export function stepsDoneThisYear(
  progress: StepProgress,
  opts: { returning: boolean; stored: StepProgress; touched: ReadonlySet<RegistrationStep> },
): StepProgress {
  if (!opts.returning) return progress;
  const gated = { ...progress };
  for (const step of Object.values(UNCHANGED_STEPS))
    gated[step] = progress[step] && (opts.stored[step] || opts.touched.has(step));
  return gated;
}
