/**
 * The mutants `npm run mutants` tries: each breaks one rule the portal promises, by replacing an exact text
 * (found once) in one file, and names the test files that must then fail. When the code moves, move the
 * mutant with it: a text that is no longer there fails the run ("could not apply").
 */
export interface Mutant {
  name: string;
  file: string;
  find: string;
  replace: string;
  tests: string[];
}

const MATRIX = 'server/src/test/authorization-matrix.test.ts';

export const mutants: Mutant[] = [
  {
    name: "guards: the students list's guard removed",
    file: 'server/src/features/students/routes.ts',
    find: "'/api/students',\n    {\n      preHandler: requireStaff,\n",
    replace: "'/api/students',\n    {\n",
    tests: [MATRIX],
  },
  {
    name: 'guards: the admin-role guard lets the staff role through',
    file: 'server/src/plugins/auth.ts',
    find: "if (actor.kind !== 'staff' || actor.role !== 'admin') throw",
    replace: "if (actor.kind !== 'staff') throw",
    tests: [MATRIX],
  },
  {
    name: 'grade boundary: 75.0 is no longer an A',
    file: 'domain/src/term-results.ts',
    find: 'if (t >= toTenths(k.min)) return k.grade;',
    replace: 'if (t > toTenths(k.min)) return k.grade;',
    tests: ['domain/src/term-results.test.ts'],
  },
  {
    name: 'rank ties: equal averages ranked by their order',
    file: 'domain/src/term-results.ts',
    find: 'return tenths.map((t) => (t === null ? null : 1 + tenths.filter((o) => o !== null && o > t).length));',
    replace:
      'return tenths.map((t, i) => (t === null ? null : 1 + tenths.filter((o, j) => o !== null && (o > t || (o === t && j < i))).length));',
    tests: ['domain/src/term-results.test.ts', 'server/src/features/report-cards/report-cards.test.ts'],
  },
  {
    name: 'withdrawn sign-in: a withdrawn student signs in',
    file: 'server/src/features/auth/student-login.ts',
    find: 'if (account.withdrawn_at) {',
    replace: 'if (account.withdrawn_at && false) {',
    tests: [
      'server/src/features/students/student-account.test.ts',
      'server/src/features/auth/student-login.test.ts',
    ],
  },
  {
    name: 'unposted card: a family opens a card not yet posted',
    file: 'server/src/features/report-cards/report-cards.ts',
    find: "if (actor.kind === 'student' && !(await postedFor(ctx, term, studentId)))",
    replace: "if (actor.kind === 'student' && false)",
    tests: ['server/src/features/report-cards/report-cards.test.ts'],
  },
  {
    name: 'D5 count: a sixth failed sign-in of the pair is allowed',
    file: 'server/src/features/auth/login-failures.ts',
    find: 'counted(c) >= c.max',
    replace: 'counted(c) > c.max',
    tests: ['server/src/features/auth/sign-in-limits.test.ts'],
  },
  {
    name: 'XSRF binding: the token is not bound to the session',
    file: 'server/src/plugins/csrf.ts',
    find: "request.session?.auth ? request.session.sessionId : ''",
    replace: "''",
    tests: ['server/src/plugins/response-headers.test.ts', 'server/src/plugins/session.test.ts'],
  },
  {
    name: 'export role: the staff role downloads the export',
    file: 'server/src/features/student-export/routes.ts',
    find: "import { actorOf, requireAdmin } from '../../plugins/auth.js';",
    replace: "import { actorOf, requireStaff as requireAdmin } from '../../plugins/auth.js';",
    tests: ['server/src/features/student-export/student-export.test.ts', MATRIX],
  },
  {
    name: 'deadline day: registration closes at the start of the deadline day',
    file: 'domain/src/rules.ts',
    find: 'return dateInZone(now, timeZone) <= window.deadline;',
    replace: 'return dateInZone(now, timeZone) < window.deadline;',
    tests: ['domain/src/rules.test.ts', 'server/src/features/registration/registration.test.ts'],
  },
  {
    name: 'last admin: the last administrator steps down',
    file: 'server/src/features/staff-accounts/staff-accounts.ts',
    find: 'if (losesAdmin && admins.length <= 1)',
    replace: 'if (losesAdmin && admins.length < 1)',
    tests: ['server/src/features/staff-accounts/staff-accounts.test.ts'],
  },
  {
    name: "password change: the student's other sessions go on",
    file: 'server/src/features/auth/change-password.ts',
    find: 'await endOtherStudentSessions(ctx.db, account.id, request.session.sessionId);',
    replace: 'void endOtherStudentSessions;',
    tests: ['server/src/features/auth/student-login.test.ts'],
  },
  {
    name: 'autosave retry: a save that failed for a dropped connection is not tried again',
    file: 'web/src/components/autosave/autosave-machine.ts',
    find: 'if (this.running) this.scheduleRetry();\n      return;',
    replace: 'return;',
    tests: ['web/src/components/autosave/use-field-autosave.test.tsx'],
  },
  {
    name: "web role gate: the staff role opens an administrator's page",
    file: 'web/src/app/guards-signed-in.tsx',
    find: "if (me.data?.role !== 'admin')",
    replace: 'if (me.data?.role === undefined)',
    tests: ['web/src/app/guards.test.tsx', 'web/src/app/admin-role-gate.test.tsx'],
  },
  {
    name: 'assertMayActOn: saveStudentFields no longer checks the actor',
    file: 'server/src/features/registration/save-student-fields.ts',
    find: '  assertMayActOn(actor, id);\n',
    replace: '',
    tests: ['server/src/features/registration/registration-ownership.test.ts'],
  },
];
