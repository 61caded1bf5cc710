/**
 * Every route × caller → expected status (D3). The owner is the student whose record the route touches;
 * "student" is the owner signed in, "otherStudent" a different signed-in student, "firstLogin" the owner
 * signed in by date of birth (may only set a password), "admin" a staff member with the admin role and
 * "staff" one with the staff role (D22). The parent callers (D50) are "parentOfOwner" (linked to the owner
 * only), "parentOfBoth" (linked to the owner and another student), both naming the owner as their tab's child
 * (CHILD_HEADER), and "parentOfNobody" (no child linked, naming none). Every API route must have a row: the
 * test fails for a route the app answers that is missing here.
 */
export type Caller =
  | 'anonymous'
  | 'student'
  | 'otherStudent'
  | 'admin'
  | 'staff'
  | 'firstLogin'
  | 'parentOfOwner'
  | 'parentOfBoth'
  | 'parentOfNobody';

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  path: (owner: string) => string;
  body?: (owner: string) => unknown;
  /** A multipart upload instead of a JSON body. */
  upload?: (owner: string) => Record<string, string>;
  /** The route makes a new student from the ID it is given, so an unknown ID is its good case. */
  createsStudent?: boolean;
  expect: Record<Caller, number>;
}

/** The three parent callers' cells: a linked parent answered as the student, one with no child as given. */
const parentsAs = (linked: number, nobody: number) => ({
  parentOfOwner: linked,
  parentOfBoth: linked,
  parentOfNobody: nobody,
});

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  student: status,
  otherStudent: status,
  admin: status,
  staff: status,
  firstLogin: status,
  ...parentsAs(status, status),
});

/**
 * Any fully signed-in caller; refused to anonymous callers and to a first-login session. The lists behind
 * it name no record, so a parent with no child linked reads them too.
 */
const signedIn = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  student: status,
  otherStudent: status,
  admin: status,
  staff: status,
  firstLogin: 403,
  ...parentsAs(status, status),
});

/** The owner, a parent linked to them, or staff; another student or parent and a first login are refused. */
const ownOrStaff = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  student: status,
  otherStudent: 403,
  admin: status,
  staff: status,
  firstLogin: 403,
  ...parentsAs(status, 403),
});

/**
 * The session's own student, named by no path or body: each student acts on their own record, a parent on the
 * child its tab names; staff, a first login and a parent with no child are refused.
 */
export const ownSession = (status: number): Record<Caller, number> => ({
  ...signedIn(status),
  admin: 403,
  staff: 403,
  parentOfNobody: 403,
});

const staffOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  student: 403,
  otherStudent: 403,
  admin: status,
  staff: status,
  firstLogin: 403,
  ...parentsAs(403, 403),
});

/** Staff with the admin role only (settings, staff accounts, export); the staff role gets 403. */
const adminRoleOnly = (status: number): Record<Caller, number> => ({ ...staffOnly(status), staff: 403 });

/** A parent account on its own business (D50), whether or not a child is linked; anyone else gets 403. */
export const parentOnly = (status: number): Record<Caller, number> => ({
  ...staffOnly(403),
  ...parentsAs(status, status),
});

let nextTermYear = 0;

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  { method: 'GET', route: '/sanctum/csrf-cookie', path: () => '/sanctum/csrf-cookie', expect: everyone(204) },
  { method: 'GET', route: '/api/settings/public', path: () => '/api/settings/public', expect: everyone(200) },
  // Public, like the sign-in screens that show it; 404 while no logo is uploaded (the rows below upload one).
  { method: 'GET', route: '/api/settings/logo', path: () => '/api/settings/logo', expect: everyone(404) },
  { method: 'GET', route: '/api/settings', path: () => '/api/settings', expect: adminRoleOnly(200) },
  {
    method: 'POST',
    route: '/api/settings',
    path: () => '/api/settings',
    body: () => ({ school_motto: 'Matrix motto' }),
    expect: adminRoleOnly(200),
  },
  {
    method: 'POST',
    route: '/api/settings/registration-windows',
    path: () => '/api/settings/registration-windows',
    body: () => ({ form_level: 5, open: false, deadline: '2026-12-31', note: 'Matrix note' }),
    expect: adminRoleOnly(200),
  },
  {
    method: 'POST',
    route: '/api/settings/logo',
    path: () => '/api/settings/logo',
    upload: () => ({}),
    expect: adminRoleOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/settings/logo',
    path: () => '/api/settings/logo',
    expect: adminRoleOnly(200),
  },
  {
    method: 'GET',
    route: '/api/me',
    path: () => '/api/me',
    expect: { ...signedIn(200), firstLogin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/me/language',
    path: () => '/api/me/language',
    body: () => ({ language: 'es' }),
    // The family's own choice, a first login's too; the staff area stays English and keeps none.
    expect: { ...signedIn(200), firstLogin: 200, admin: 403, staff: 403 },
  },
  {
    method: 'GET',
    route: '/api/user/:student_id',
    path: (o) => `/api/user/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'GET',
    route: '/api/student-record/:id',
    path: (o) => `/api/student-record/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'GET',
    route: '/api/students',
    path: () => '/api/students',
    expect: staffOnly(200),
  },
  ...['/api/students/import-template.csv', '/api/students/import-template.xlsx', '/api/students/imports'].map(
    (route): MatrixRow => ({ method: 'GET', route, path: () => route, expect: staffOnly(200) }),
  ),
  // The matrix sends a PNG: staff get past the guard to the file check (415).
  ...['/api/students/import/preview', '/api/students/import'].map((route): MatrixRow => ({
    method: 'POST',
    route,
    path: () => route,
    upload: () => ({}),
    expect: staffOnly(415),
  })),
  {
    method: 'POST',
    route: '/api/students',
    path: () => '/api/students',
    createsStudent: true,
    body: (o) => ({
      id: `${o}-N`,
      last_name: 'Matrix',
      first_name: 'Added',
      class_id: '1A',
      date_of_birth: '2013-04-09',
    }),
    expect: staffOnly(201),
  },
  {
    method: 'POST',
    route: '/api/student-id-lookup',
    path: () => '/api/student-id-lookup',
    body: () => ({ first_name: 'Nobody', last_name: 'Here', date_of_birth: '2012-01-01' }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/login-student',
    path: () => '/api/login-student',
    body: () => ({ student_id: 'NO-SUCH-ID', password: 'whatever-it-is' }),
    expect: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/admin-login',
    path: () => '/api/admin-login',
    body: () => ({ name: 'no-such-user', password: 'whatever-it-is' }),
    expect: everyone(401),
  },
  // The second step of a staff sign-in (D51): without a right password before it, there is none to give.
  {
    method: 'POST',
    route: '/api/admin-login/second-factor',
    path: () => '/api/admin-login/second-factor',
    body: () => ({ code: '123456' }),
    expect: everyone(401),
  },
  // The own second factor (D51): any staff session. A new account has none: confirming finds nothing started,
  // removing and renewing nothing to act on, and a code matches no app.
  { method: 'GET', route: '/api/second-factor', path: () => '/api/second-factor', expect: staffOnly(200) },
  ...(
    [
      ['totp/start', {}, 200],
      ['totp/confirm', { code: '123456' }, 409],
      ['totp/remove', {}, 409],
      ['recovery-codes', {}, 409],
      ['verify', { code: '123456' }, 400],
    ] as const
  ).map(([action, body, status]): MatrixRow => ({
    method: 'POST',
    route: `/api/second-factor/${action}`,
    path: () => `/api/second-factor/${action}`,
    body: () => body,
    expect: staffOnly(status),
  })),
  {
    method: 'POST',
    route: '/api/parent/login',
    path: () => '/api/parent/login',
    body: () => ({ email: 'nobody@example.org', password: 'whatever-it-is' }),
    expect: everyone(401),
  },
  // A parent's own account (D50): sign-up, resend and forgot answer alike to anyone (each cell its own address).
  {
    method: 'POST',
    route: '/api/parent/sign-up',
    path: () => '/api/parent/sign-up',
    body: () => ({
      name: 'Matrix Parent',
      email: `su${Math.random().toString(36).slice(2, 10)}@example.org`,
      password: 'Brand-new-pass-9',
      password_confirmation: 'Brand-new-pass-9',
    }),
    expect: everyone(202),
  },
  ...['/api/parent/resend-confirmation', '/api/parent/forgot-password'].map((route): MatrixRow => ({
    method: 'POST',
    route,
    path: () => route,
    body: () => ({ email: `pa${Math.random().toString(36).slice(2, 10)}@example.org` }),
    expect: everyone(202),
  })),
  {
    method: 'POST',
    route: '/api/parent/change-password',
    path: () => '/api/parent/change-password',
    // A wrong current password: a parent gets past the guard to the check (400).
    body: () => ({
      old_password: 'not-the-password',
      password: 'Brand-new-pass-9',
      password_confirmation: 'Brand-new-pass-9',
    }),
    expect: parentOnly(400),
  },
  {
    method: 'POST',
    route: '/api/change-password-student',
    path: () => '/api/change-password-student',
    // No old password: the owner with a full session reaches the rule that asks for it (400).
    body: (o) => ({ student_id: o, password: 'Brand-new-pass-9' }),
    // A parent never sets the student's password, nor takes a first login's step.
    expect: { ...ownOrStaff(400), admin: 403, staff: 403, firstLogin: 200, ...parentsAs(403, 403) },
  },
  // E-mailed links (D52). Forgotten passwords answer the same to anyone (each cell its own ID, below the
  // per-account limit); a made-up token is refused (400).
  {
    method: 'POST',
    route: '/api/forgot-password',
    path: () => '/api/forgot-password',
    body: () => ({ student_id: `FP${Math.random().toString(36).slice(2, 10)}` }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/admin/forgot-password',
    path: () => '/api/admin/forgot-password',
    body: () => ({ username: `matrix.${Math.random().toString(36).slice(2, 10)}` }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/password-link',
    path: () => `/api/password-link?token=${'A'.repeat(43)}`,
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/password-link',
    path: () => '/api/password-link',
    body: () => ({
      token: 'A'.repeat(43),
      password: 'Brand-new-pass-9',
      password_confirmation: 'Brand-new-pass-9',
    }),
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/mail/confirm',
    path: () => '/api/mail/confirm',
    body: () => ({ token: 'A'.repeat(43) }),
    expect: everyone(400),
  },
  // Unsubscribe links are public and the one-click POST skips CSRF: anyone reaches the token check (400).
  {
    method: 'GET',
    route: '/api/mail/unsubscribe',
    path: () => `/api/mail/unsubscribe?token=${'A'.repeat(60)}`,
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/mail/unsubscribe',
    path: () => `/api/mail/unsubscribe?token=${'A'.repeat(60)}`,
    expect: everyone(400),
  },
  // The same one-click POST at the page's own address, which the List-Unsubscribe header names.
  {
    method: 'POST',
    route: '/unsubscribe',
    path: () => `/unsubscribe?token=${'A'.repeat(60)}`,
    expect: everyone(400),
  },
  // A student's own addresses; the owner's record holds none, so a link is refused past the guard (400).
  {
    method: 'GET',
    route: '/api/student/contacts',
    path: () => '/api/student/contacts',
    expect: ownSession(200),
  },
  {
    method: 'POST',
    route: '/api/student/contacts/confirm-link',
    path: () => '/api/student/contacts/confirm-link',
    body: () => ({ field: 'email_mother' }),
    expect: ownSession(400),
  },
  // Linking children to a parent account (D50): a made-up code or link is refused (400) to a parent only.
  {
    method: 'GET',
    route: '/api/parent/children',
    path: () => '/api/parent/children',
    expect: parentOnly(200),
  },
  {
    method: 'POST',
    route: '/api/parent/children',
    path: () => '/api/parent/children',
    body: (o) => ({ student_id: o, family_code: 'ZZZZ-ZZZZ' }),
    // The owner's parents have the child already (409, before the code is looked at).
    expect: { ...parentOnly(400), ...parentsAs(409, 400) },
  },
  {
    method: 'GET',
    route: '/api/parent/invite',
    path: () => `/api/parent/invite?token=${'A'.repeat(43)}`,
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/parent/invite/accept',
    path: () => '/api/parent/invite/accept',
    body: () => ({ token: 'A'.repeat(43) }),
    expect: parentOnly(400),
  },
  // The owner's record has no confirmed parent address: the family reaches that rule (400).
  {
    method: 'POST',
    route: '/api/student/parents/invite',
    path: () => '/api/student/parents/invite',
    body: () => ({ field: 'email_mother' }),
    expect: ownSession(400),
  },
  {
    method: 'GET',
    route: '/api/student/parents',
    path: () => '/api/student/parents',
    expect: ownSession(200),
  },
  { method: 'GET', route: '/api/admin/account', path: () => '/api/admin/account', expect: staffOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/account/email',
    path: () => '/api/admin/account/email',
    body: () => ({ email: 'matrix.staff@example.com' }),
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    route: '/api/student/:id',
    path: (o) => `/api/student/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'POST',
    route: '/api/student',
    path: () => '/api/student',
    body: (o) => ({ id: o, home_address: '5 Matrix Road' }),
    expect: ownOrStaff(200),
  },
  // The owner is new this year, not returning: callers past the guard meet the rule's 403 (the good case
  // is in confirm-unchanged.test.ts); the guard's own refusals are the other students' and anonymous ones.
  {
    method: 'POST',
    route: '/api/registration/steps/:step/unchanged',
    path: () => '/api/registration/steps/family_data/unchanged',
    body: (o) => ({ student_id: o }),
    expect: ownOrStaff(403),
  },
  {
    method: 'GET',
    route: '/api/student-registration/:form_level',
    path: () => '/api/student-registration/1',
    expect: signedIn(200),
  },
  ...[
    '/api/towns',
    '/api/religions',
    '/api/ethnic-groups',
    '/api/houses',
    '/api/regional-corporation',
    '/api/form-classes',
  ].map((route): MatrixRow => ({ method: 'GET', route, path: () => route, expect: signedIn(200) })),
  {
    method: 'POST',
    route: '/api/store-file',
    path: () => '/api/store-file',
    upload: (o) => ({ id: o, file_type: 'picture' }),
    expect: ownOrStaff(200),
  },
  {
    method: 'GET',
    route: '/api/get-files/:student_id',
    path: (o) => `/api/get-files/${o}`,
    expect: ownOrStaff(200),
  },
  // The owner has uploaded nothing: 404 shows the caller got past the guard.
  {
    method: 'GET',
    route: '/api/files/:student_id/:type',
    path: (o) => `/api/files/${o}/picture`,
    expect: ownOrStaff(404),
  },
  {
    method: 'GET',
    route: '/api/registration-form/:id',
    path: (o) => `/api/registration-form/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'GET',
    route: '/registration-form/:id',
    path: (o) => `/registration-form/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'GET',
    route: '/api/student-data-files/:student_id',
    path: (o) => `/api/student-data-files/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'POST',
    route: '/api/student-data-files',
    path: () => '/api/student-data-files',
    body: (o) => ({ student_id: o, picture: 1 }),
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    route: '/api/document-checks/:student_id',
    path: (o) => `/api/document-checks/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'POST',
    route: '/api/document-checks',
    path: () => '/api/document-checks',
    body: (o) => ({ student_id: o, type: 'sea_slip', status: 'rejected', reason: 'The slip is unreadable.' }),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    route: '/api/reset-password-student',
    path: () => '/api/reset-password-student',
    body: (o) => ({ student_id: o }),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    route: '/api/students/:id/withdraw',
    path: (o) => `/api/students/${o}/withdraw`,
    body: () => ({ reason: 'Moved to another school.' }),
    expect: staffOnly(200),
  },
  // The owner is enrolled: 409 shows the caller got past the guard.
  {
    method: 'POST',
    route: '/api/students/:id/reinstate',
    path: (o) => `/api/students/${o}/reinstate`,
    body: () => ({}),
    expect: staffOnly(409),
  },
  // The owner is enrolled this year: 409 shows the caller got past the guard.
  {
    method: 'POST',
    route: '/api/students/:id/enrol',
    path: (o) => `/api/students/${o}/enrol`,
    body: () => ({ class_id: '1A' }),
    expect: staffOnly(409),
  },
  // Parent accounts (D50): staff see a student's parents and code, unlink, turn an account off or on.
  {
    method: 'GET',
    route: '/api/students/:id/parents',
    path: (o) => `/api/students/${o}/parents`,
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    route: '/api/students/:id/family-code',
    path: (o) => `/api/students/${o}/family-code`,
    expect: staffOnly(200),
  },
  // No such parent is linked to the owner (or exists): 404 shows the caller got past the guard.
  {
    method: 'DELETE',
    route: '/api/students/:id/parents/:parent_id',
    path: (o) => `/api/students/${o}/parents/2147483647`,
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    route: '/api/parents/:parent_id/active',
    path: () => '/api/parents/2147483647/active',
    body: () => ({ active: true }),
    expect: staffOnly(404),
  },
  // A class the school does not have: the letters of a real class are tested with their own students.
  {
    method: 'GET',
    route: '/api/classes/:class_id/family-letters',
    path: () => '/api/classes/ZZ9/family-letters',
    expect: staffOnly(404),
  },
  { method: 'GET', route: '/api/completion', path: () => '/api/completion', expect: staffOnly(200) },
  {
    method: 'GET',
    route: '/api/registration-report/all',
    path: () => '/api/registration-report/all',
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    route: '/api/completion/pending',
    path: () => '/api/completion/pending?item=terms',
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    route: '/api/registration-data-spreadsheet',
    path: () => '/api/registration-data-spreadsheet',
    expect: adminRoleOnly(200),
  },
  {
    method: 'GET',
    route: '/api/backups/latest',
    path: () => '/api/backups/latest',
    expect: adminRoleOnly(200),
  },
  // The outbox (D52): an id nobody has is 404 once the caller is let through.
  { method: 'GET', route: '/api/admin/outbox', path: () => '/api/admin/outbox', expect: adminRoleOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/outbox/:id',
    path: () => '/api/admin/outbox/2000000000',
    expect: adminRoleOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/outbox/:id/resend',
    path: () => '/api/admin/outbox/2000000000/resend',
    expect: adminRoleOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/settings/test-email',
    path: () => '/api/admin/settings/test-email',
    body: () => ({ to: 'matrix@example.org' }),
    expect: adminRoleOnly(202),
  },
  {
    method: 'GET',
    route: '/api/students/:id/history',
    path: (o) => `/api/students/${o}/history`,
    expect: staffOnly(200),
  },
  // Terms, subjects and results (D17). No term 999999 exists: 404 shows staff got past the guard.
  ...['/api/terms', '/api/subjects'].map((route): MatrixRow => ({
    method: 'GET',
    route,
    path: () => route,
    expect: staffOnly(200),
  })),
  // D44: posting and term set-up are the admin role's.
  {
    method: 'GET',
    route: '/api/term-reports-posted',
    path: () => '/api/term-reports-posted',
    expect: adminRoleOnly(200),
  },
  {
    method: 'POST',
    route: '/api/terms',
    path: () => '/api/terms',
    // Each caller that may create one makes its own term.
    body: () => ({ year: 2080 + nextTermYear++, term: 3 }),
    expect: adminRoleOnly(201),
  },
  {
    method: 'POST',
    route: '/api/subjects',
    path: () => '/api/subjects',
    body: () => ({ code: 'MTX', title: 'Matrix Studies' }),
    expect: adminRoleOnly(200),
  },
  {
    method: 'POST',
    route: '/api/form-subjects',
    path: () => '/api/form-subjects',
    body: () => ({ subject_id: 999999, form_level: 1 }),
    expect: adminRoleOnly(400),
  },
  {
    method: 'POST',
    route: '/api/form-subjects/remove',
    path: () => '/api/form-subjects/remove',
    body: () => ({ id: 999999 }),
    expect: adminRoleOnly(404),
  },
  ...[
    '/api/terms/:id/results-template.xlsx',
    '/api/terms/:id/results-template.csv',
    '/api/terms/:id/summaries-template.csv',
  ].map((route): MatrixRow => ({
    method: 'GET',
    route,
    path: () => route.replace(':id', '999999'),
    expect: staffOnly(404),
  })),
  {
    method: 'GET',
    route: '/api/term-results/classes',
    path: () => '/api/term-results/classes',
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    route: '/api/terms/:id/missing-results',
    path: () => '/api/terms/999999/missing-results',
    expect: adminRoleOnly(404),
  },
  {
    method: 'GET',
    route: '/api/terms/:id/grid',
    path: () => '/api/terms/999999/grid?class_id=1A',
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    route: '/api/terms/:id',
    path: () => '/api/terms/999999',
    body: () => ({ year: 2091, term: 1 }),
    expect: adminRoleOnly(404),
  },
  ...['/api/terms/:id/results/preview', '/api/terms/:id/results'].map((route): MatrixRow => ({
    method: 'POST',
    route,
    path: () => route.replace(':id', '999999'),
    upload: () => ({}),
    expect: staffOnly(404),
  })),
  {
    method: 'POST',
    route: '/api/terms/:id/marks',
    path: () => '/api/terms/999999/marks',
    body: (o) => ({ student_id: o, subject_id: 1, course_mark: 50, exam_mark: null }),
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    route: '/api/terms/:id/release',
    path: () => '/api/terms/999999/release',
    body: () => ({ release_at: null }),
    expect: adminRoleOnly(404),
  },
  {
    method: 'POST',
    route: '/api/post-term-reports',
    path: () => '/api/post-term-reports',
    body: () => ({ year: 2091, term: 1, posted: 1 }),
    expect: adminRoleOnly(404),
  },
  // Report cards (D3, D24). The owner has no results in 2099: 404 shows the caller got past the guard.
  {
    method: 'GET',
    route: '/api/report-card-terms/:student_id',
    path: (o) => `/api/report-card-terms/${o}`,
    expect: ownOrStaff(200),
  },
  {
    method: 'GET',
    route: '/api/report-card/:student_id/:year/:term',
    path: (o) => `/api/report-card/${o}/2099/1`,
    expect: ownOrStaff(404),
  },
  {
    method: 'GET',
    route: '/api/report-card-reads',
    path: () => '/api/report-card-reads',
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    route: '/api/report-card-reads/:year/:term',
    path: () => '/api/report-card-reads/2099/1',
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    route: '/api/report-card-jobs',
    path: () => '/api/report-card-jobs',
    body: () => ({ year: 2099, term: 1, class_id: '1A', kind: 'pdf' }),
    expect: staffOnly(404),
  },
  {
    method: 'GET',
    route: '/api/report-card-jobs',
    path: () => '/api/report-card-jobs?year=2099&term=1',
    expect: staffOnly(200),
  },
  ...['/api/report-card-jobs/:id', '/api/report-card-jobs/:id/file'].map((route): MatrixRow => ({
    method: 'GET',
    route,
    path: () => route.replace(':id', '2147483647'),
    expect: staffOnly(404),
  })),
  { method: 'POST', route: '/logout', path: () => '/logout', expect: everyone(204) },
  // Staff accounts (D22). The caller's own password is asked for: a full session reaches the rule (400).
  {
    method: 'POST',
    route: '/api/change-password-staff',
    path: () => '/api/change-password-staff',
    body: () => ({ password: 'Brand-new-pass-9' }),
    expect: staffOnly(400),
  },
  { method: 'GET', route: '/api/staff-users', path: () => '/api/staff-users', expect: adminRoleOnly(200) },
  {
    method: 'POST',
    route: '/api/staff-users',
    path: () => '/api/staff-users',
    body: () => ({
      username: `matrix.${Math.random().toString(36).slice(2, 10)}`,
      full_name: 'Matrix Teacher',
      role: 'staff',
    }),
    expect: adminRoleOnly(201),
  },
  // No staff account 999999: 404 shows the caller got past the guard.
  {
    method: 'POST',
    route: '/api/staff-users/:id',
    path: () => '/api/staff-users/999999',
    body: () => ({ full_name: 'Nobody' }),
    expect: adminRoleOnly(404),
  },
  {
    method: 'POST',
    route: '/api/staff-users/:id/reset-password',
    path: () => '/api/staff-users/999999/reset-password',
    body: () => ({}),
    expect: adminRoleOnly(404),
  },
  {
    method: 'POST',
    route: '/api/staff-users/:id/second-factor/reset',
    path: () => '/api/staff-users/999999/second-factor/reset',
    body: () => ({}),
    expect: adminRoleOnly(404),
  },
  {
    method: 'GET',
    route: '/api/staff-users/:id/sign-ins',
    path: () => '/api/staff-users/999999/sign-ins',
    expect: adminRoleOnly(404),
  },
  // Passkeys (D51): the own account's, any staff session; a made-up ticket or passkey reaches its 400 or 404.
  // Signing in with one is open to anyone.
  {
    method: 'POST',
    route: '/api/passkeys/register-options',
    path: () => '/api/passkeys/register-options',
    body: () => ({}),
    expect: staffOnly(200),
  },
  ...(['register', 'verify', 'sign-in'] as const).map((step): MatrixRow => ({
    method: 'POST',
    route: `/api/passkeys/${step}`,
    path: () => `/api/passkeys/${step}`,
    body: () => ({
      ticket: 'matrix-ticket',
      ...(step === 'register' ? { name: 'Matrix key' } : {}),
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30' } },
    }),
    expect: step === 'sign-in' ? everyone(400) : staffOnly(400),
  })),
  ...(['rename', 'remove'] as const).map((action): MatrixRow => ({
    method: 'POST',
    route: `/api/passkeys/:id/${action}`,
    path: () => `/api/passkeys/999999/${action}`,
    body: () => (action === 'rename' ? { name: 'Matrix key' } : {}),
    expect: staffOnly(404),
  })),
  {
    method: 'POST',
    route: '/api/passkeys/verify-options',
    path: () => '/api/passkeys/verify-options',
    body: () => ({}),
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    route: '/api/passkeys/sign-in-options',
    path: () => '/api/passkeys/sign-in-options',
    body: () => ({}),
    expect: everyone(200),
  },
  // The yearly rollover (D49), the admin role's; the years themselves any staff member's (the year selector).
  // No year 2000 exists: confirm and undo reach their 404.
  {
    method: 'GET',
    route: '/api/admin/school-years',
    path: () => '/api/admin/school-years',
    expect: staffOnly(200),
  },
  ...['/api/admin/rollover/preview', '/api/admin/rollover/class-moves'].map((route): MatrixRow => ({
    method: 'GET',
    route,
    path: () => route,
    expect: adminRoleOnly(200),
  })),
  {
    method: 'PUT',
    route: '/api/admin/rollover/marks/:studentId',
    path: (o) => `/api/admin/rollover/marks/${o}`,
    body: () => ({ mark: null }),
    expect: adminRoleOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/rollover/class-marks/:classId',
    path: () => '/api/admin/rollover/class-marks/1A',
    body: () => ({ mark: null }),
    expect: adminRoleOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/rollover/class-moves',
    path: () => '/api/admin/rollover/class-moves',
    body: () => [],
    expect: adminRoleOnly(200),
  },
  // The matrix sends a PNG: the admin role gets past the guard to the file check (415).
  {
    method: 'POST',
    route: '/api/admin/rollover/class-list',
    path: () => '/api/admin/rollover/class-list',
    upload: () => ({}),
    expect: adminRoleOnly(415),
  },
  {
    method: 'POST',
    route: '/api/admin/rollover',
    path: () => '/api/admin/rollover',
    body: () => ({
      from_year: 2000,
      to_year: 2001,
      starts_on: '2001-09-01',
      ends_on: '2002-08-31',
      plan_hash: '0123456789abcdef',
    }),
    expect: adminRoleOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/rollover/undo',
    path: () => '/api/admin/rollover/undo',
    body: () => ({ year: 2000 }),
    expect: adminRoleOnly(404),
  },
  // The school's class list: the admin role adds a class of its own; no class MX0 exists to remove (404).
  {
    method: 'POST',
    route: '/api/admin/classes',
    path: () => '/api/admin/classes',
    body: () => ({ class_id: 'MX1', form_level: 1 }),
    expect: adminRoleOnly(201),
  },
  {
    method: 'DELETE',
    route: '/api/admin/classes/:classId',
    path: () => '/api/admin/classes/MX0',
    expect: adminRoleOnly(404),
  },
];

/** Routes outside the matrix: documentation and the health check carry no data. */
export const PUBLIC_INFRASTRUCTURE = [/^\/api\/docs/, /^\/api\/health$/, /^\/\*$/];
