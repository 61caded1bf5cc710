/**
 * Every path of the web app, defined once and imported (never retyped). Paths with a parameter are
 * functions, so a link cannot be built wrong.
 */

/** The registration steps' own segments, in order (spec section 2). */
export const STEP_SEGMENTS = {
  studentData: 'student-data',
  familyData: 'family-data',
  healthData: 'health-data',
  otherData: 'other-data',
  documents: 'documents',
  submit: 'complete',
} as const;

export type StepKey = keyof typeof STEP_SEGMENTS;

const id = (studentId: string) => encodeURIComponent(studentId);

export const paths = {
  signIn: '/',
  adminSignIn: '/admin',
  dashboard: '/dashboard',
  termReports: '/term-reports',
  logout: '/logout',
  /** E-mail (D52): pages a link in an e-mail opens, signed in or not, and the family's addresses. */
  forgotPassword: '/forgot-password',
  staffForgotPassword: '/admin/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  unsubscribe: '/unsubscribe',
  emailAddresses: '/email-addresses',
  /** A parent account's own pages (D50): its children (and linking one), and an e-mailed invitation. */
  parent: {
    children: '/parent/children',
    invite: '/parent/invite',
    signUp: '/parent/sign-up',
    password: '/parent/password',
    /** The sign-in page with the parent's form open, and the forgotten-password page for a parent. */
    signIn: '/?as=parent',
    forgotPassword: '/forgot-password?as=parent',
  },
  registration: {
    root: '/registration',
    step: (step: StepKey) => `/registration/${STEP_SEGMENTS[step]}`,
    changePassword: '/registration/change-password',
  },
  admin: {
    root: '/admin',
    /** The students panel, the first thing staff see. */
    dashboard: '/admin/dashboard',
    addStudent: '/admin/students/new',
    importStudents: '/admin/import',
    exportData: '/admin/export',
    staffAccounts: '/admin/staff',
    /** A staff member's own password, from the avatar menu of the top bar. */
    changePassword: '/admin/change-password',
    /** A staff member's own second factor (D51): authenticator app, passkeys, recovery codes. */
    signInSecurity: '/admin/sign-in-security',
    termsSubjects: '/admin/terms',
    termResults: '/admin/term-results',
    postTermReports: '/admin/post-term-reports',
    reportCards: '/admin/report-cards',
    backups: '/admin/backups',
    /** Every e-mail the portal wrote, sent or not (D52). */
    outbox: '/admin/outbox',
    /** The yearly rollover: close the current school year and open the next (D49). */
    newSchoolYear: '/admin/new-school-year',
    settings: '/admin/settings',
    reports: '/admin/reports',
    /** Route patterns of the student pages (the links are the functions below). */
    studentRecordPattern: '/admin/students/:studentId/record',
    studentDocumentsPattern: '/admin/students/:studentId/documents',
    studentHistoryPattern: '/admin/students/:studentId/history',
    studentTermReportsPattern: '/admin/students/:studentId/term-reports',
    studentRecord: (studentId: string, step: StepKey = 'studentData') =>
      `/admin/students/${id(studentId)}/record/${STEP_SEGMENTS[step]}`,
    studentDocuments: (studentId: string) => `/admin/students/${id(studentId)}/documents`,
    studentHistory: (studentId: string) => `/admin/students/${id(studentId)}/history`,
    studentTermReports: (studentId: string) => `/admin/students/${id(studentId)}/term-reports`,
  },
} as const;

/** Where a signed-in user lands when they open a visitor-only screen (spec section 2). */
export const homeFor = (admin: boolean): string =>
  admin ? paths.admin.dashboard : paths.registration.step('studentData');
