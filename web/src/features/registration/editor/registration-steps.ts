import type { RegistrationStep } from '@sp/domain';
import { STEP_SEGMENTS } from '../../../paths';

export interface StepInfo {
  key: RegistrationStep;
  /** The stepper's label on small screens (spec section 2), also the page title. */
  label: string;
  /** The side menu's label on wide screens. */
  menuLabel: string;
}

/** The six steps in order (spec section 2). */
export const registrationSteps: readonly StepInfo[] = [
  { key: 'studentData', label: 'Student Data', menuLabel: 'Student Data' },
  { key: 'familyData', label: 'Family Data', menuLabel: 'Family Data' },
  { key: 'healthData', label: 'Health Data', menuLabel: 'Medical Data' },
  { key: 'otherData', label: 'Other Data', menuLabel: 'Other Data' },
  { key: 'documents', label: 'Documents', menuLabel: 'Upload Documents' },
  { key: 'submit', label: 'Complete', menuLabel: 'Complete' },
];

/** The step shown at a path: its last segment names it, wherever the editor is mounted. */
export const stepIndexOf = (pathname: string): number => {
  const segment = pathname.split('/').pop();
  return registrationSteps.findIndex((step) => STEP_SEGMENTS[step.key] === segment);
};
