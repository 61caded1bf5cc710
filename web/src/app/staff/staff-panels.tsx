import AssignmentIcon from '@mui/icons-material/Assignment';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BackupIcon from '@mui/icons-material/Backup';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GradingIcon from '@mui/icons-material/Grading';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PublishIcon from '@mui/icons-material/Publish';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';
import { lazyScreen, type LazyScreen } from '../../components/lazy-screen';
import { paths } from '../../paths';

export interface StaffPanel {
  path: string;
  label: string;
  icon: SvgIconComponent;
  /** Only for the `admin` role (D22); the `staff` role does not see it in the menu. */
  adminRoleOnly?: boolean;
  /** The panel's screen, a chunk of its own: `lazyScreen(() => import('…'), 'ExportName')`. */
  Screen: LazyScreen;
}

/**
 * The staff area's panels, in menu order: each is a child route of /admin and one entry of the drawer. A new
 * panel's screen is one entry here; the README lists the other files a panel with its own API touches.
 */
export const staffPanels: readonly StaffPanel[] = [
  {
    path: paths.admin.dashboard,
    label: 'Dashboard',
    icon: DashboardIcon,
    Screen: lazyScreen(() => import('../../features/students/students-panel'), 'StudentsPanel'),
  },
  {
    path: paths.admin.importStudents,
    label: 'Import Students',
    icon: UploadFileIcon,
    Screen: lazyScreen(() => import('../../features/student-import/import-panel'), 'ImportPanel'),
  },
  {
    path: paths.admin.addStudent,
    label: 'Add Student',
    icon: PersonAddIcon,
    Screen: lazyScreen(() => import('../../features/student-import/add-student-page'), 'AddStudentPage'),
  },
  {
    path: paths.admin.reports,
    label: 'Reports',
    icon: AssessmentIcon,
    Screen: lazyScreen(() => import('../../features/registration-report/reports-panel'), 'ReportsPanel'),
  },
  {
    path: paths.admin.termsSubjects,
    label: 'Terms & Subjects',
    icon: EventNoteIcon,
    // D44: term set-up and posting are the admin role's.
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/term-results/terms-panel'), 'TermsPanel'),
  },
  {
    path: paths.admin.termResults,
    label: 'Term Results',
    icon: AssignmentIcon,
    Screen: lazyScreen(() => import('../../features/term-results/results-panel'), 'ResultsPanel'),
  },
  {
    path: paths.admin.postTermReports,
    label: 'Post Term Reports',
    icon: PublishIcon,
    adminRoleOnly: true,
    Screen: lazyScreen<'PostTermsPanel'>(
      () => import('../../features/term-posting/post-terms-panel'),
      'PostTermsPanel',
    ),
  },
  {
    path: paths.admin.reportCards,
    label: 'Report Cards',
    icon: GradingIcon,
    Screen: lazyScreen(() => import('../../features/report-cards/report-cards-panel'), 'ReportCardsPanel'),
  },
  {
    path: paths.admin.exportData,
    label: 'Export Data',
    icon: FileDownloadIcon,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/student-export/export-panel'), 'ExportPanel'),
  },
  {
    path: paths.admin.settings,
    label: 'Settings',
    icon: SettingsIcon,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/settings/settings-panel'), 'SettingsPanel'),
  },
  {
    path: paths.admin.staffAccounts,
    label: 'Staff Accounts',
    icon: ManageAccountsIcon,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/staff-accounts/staff-panel'), 'StaffPanel'),
  },
  {
    path: paths.admin.backups,
    label: 'Backups',
    icon: BackupIcon,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/backups/backups-panel'), 'BackupsPanel'),
  },
];
