import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { lazyScreen, type LazyScreen } from '../../components/lazy-screen';
import { apiPaths } from '../../api/api-paths';
import { paths } from '../../paths';
import { staffData, type EarlyData } from '../early-data';

export interface StaffPanel {
  path: string;
  /** Translated where it is shown (`i18n._`). */
  label: MessageDescriptor;
  /** Only for the `admin` role (D22); the `staff` role does not see it in the menu. */
  adminRoleOnly?: boolean;
  /** The panel reads the school year in `?year=` (D49): the menu keeps a chosen past year on the way to it. */
  keepsYear?: boolean;
  /** What the panel asks for first, set off at start-up when it is the first screen (app/early-data.ts). */
  early?: EarlyData;
  /** The panel's screen, a chunk of its own: `lazyScreen(() => import('…'), 'ExportName')`. */
  Screen: LazyScreen;
}

/**
 * The staff area's panels, in menu order: each is a child route of /admin and one entry of the drawer. A new
 * panel's screen is one entry here and its menu icon one in staff-panel-icons.tsx (kept apart: the first
 * screen's route table reads this list); the README lists the other files a panel with its own API touches.
 */
export const staffPanels: readonly StaffPanel[] = [
  {
    path: paths.admin.dashboard,
    label: msg`Dashboard`,
    keepsYear: true,
    // The completion dashboard above the students table (its size first, then the list) and the class filter.
    early: staffData(
      apiPaths.schoolYears,
      apiPaths.completion,
      apiPaths.formClasses,
      apiPaths.students({ limit: 1 }),
    ),
    Screen: lazyScreen(() => import('../../features/students/students-panel'), 'StudentsPanel'),
  },
  {
    path: paths.admin.importStudents,
    label: msg`Import Students`,
    Screen: lazyScreen(() => import('../../features/student-import/import-panel'), 'ImportPanel'),
  },
  {
    path: paths.admin.addStudent,
    label: msg`Add Student`,
    Screen: lazyScreen(() => import('../../features/student-import/add-student-page'), 'AddStudentPage'),
  },
  {
    path: paths.admin.reports,
    label: msg`Reports`,
    keepsYear: true,
    Screen: lazyScreen(() => import('../../features/registration-report/reports-panel'), 'ReportsPanel'),
  },
  {
    path: paths.admin.termsSubjects,
    label: msg`Terms & Subjects`,
    // D44: term set-up and posting are the admin role's.
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/term-results/terms-panel'), 'TermsPanel'),
  },
  {
    path: paths.admin.termResults,
    label: msg`Term Results`,
    Screen: lazyScreen(() => import('../../features/term-results/results-panel'), 'ResultsPanel'),
  },
  {
    path: paths.admin.postTermReports,
    label: msg`Post Term Reports`,
    adminRoleOnly: true,
    Screen: lazyScreen<'PostTermsPanel'>(
      () => import('../../features/term-posting/post-terms-panel'),
      'PostTermsPanel',
    ),
  },
  {
    path: paths.admin.reportCards,
    label: msg`Report Cards`,
    Screen: lazyScreen(() => import('../../features/report-cards/report-cards-panel'), 'ReportCardsPanel'),
  },
  {
    path: paths.admin.exportData,
    label: msg`Export Data`,
    keepsYear: true,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/student-export/export-panel'), 'ExportPanel'),
  },
  {
    path: paths.admin.settings,
    label: msg`Settings`,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/settings/settings-panel'), 'SettingsPanel'),
  },
  {
    path: paths.admin.newSchoolYear,
    label: msg`New School Year`,
    // D49: closing a year and opening the next is the admin role's.
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/rollover/rollover-panel'), 'RolloverPanel'),
  },
  {
    path: paths.admin.staffAccounts,
    label: msg`Staff Accounts`,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/staff-accounts/staff-panel'), 'StaffPanel'),
  },
  {
    path: paths.admin.backups,
    label: msg`Backups`,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/backups/backups-panel'), 'BackupsPanel'),
  },
  {
    path: paths.admin.outbox,
    label: msg`Outbox`,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/outbox/outbox-panel'), 'OutboxPanel'),
  },
];
