import type { RegistrationStep } from '@sp/domain';

export interface StepInfo {
  key: RegistrationStep;
  /** The stepper's label on small screens (spec section 2), also the page title. */
  label: string;
  /** The side menu's label on wide screens. */
  menuLabel: string;
  path: string;
}

/** The six steps in order (spec section 2). */
export const registrationSteps: readonly StepInfo[] = [
  {
    key: 'studentData',
    label: 'Student Data',
    menuLabel: 'Student Data',
    path: '/registration/student-data',
  },
  { key: 'familyData', label: 'Family Data', menuLabel: 'Family Data', path: '/registration/family-data' },
  { key: 'healthData', label: 'Health Data', menuLabel: 'Medical Data', path: '/registration/health-data' },
  { key: 'otherData', label: 'Other Data', menuLabel: 'Other Data', path: '/registration/other-data' },
  { key: 'documents', label: 'Documents', menuLabel: 'Upload Documents', path: '/registration/documents' },
  { key: 'submit', label: 'Complete', menuLabel: 'Complete', path: '/registration/complete' },
];

export const stepIndexOf = (pathname: string): number =>
  registrationSteps.findIndex((step) => step.path === pathname);

export const stepInfo = (key: RegistrationStep): StepInfo => {
  const step = registrationSteps.find((s) => s.key === key);
  if (!step) throw new Error(`Unknown registration step ${key}`);
  return step;
};
