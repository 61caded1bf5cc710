import type { RegistrationStep } from '@sp/domain';

/** The six steps in order (spec section 2); a later issue gives each its own page. */
export const registrationSteps: readonly { key: RegistrationStep; label: string; path: string }[] = [
  { key: 'studentData', label: 'Student Data', path: '/registration/student-data' },
  { key: 'familyData', label: 'Family Data', path: '/registration/family-data' },
  { key: 'healthData', label: 'Health Data', path: '/registration/health-data' },
  { key: 'otherData', label: 'Other Data', path: '/registration/other-data' },
  { key: 'documents', label: 'Documents', path: '/registration/documents' },
  { key: 'submit', label: 'Complete', path: '/registration/complete' },
];
