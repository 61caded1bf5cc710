import DashboardIcon from '@mui/icons-material/Dashboard';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';
import { lazyScreen, type LazyScreen } from '../../components/lazy-screen';
import { paths } from '../../paths';

export interface AdminPanel {
  path: string;
  label: string;
  icon: SvgIconComponent;
  /** Only for the `admin` role (D22); the `staff` role does not see it in the menu. */
  adminRoleOnly?: boolean;
  /** The panel's screen, a chunk of its own: `lazyScreen(() => import('…'), 'ExportName')`. */
  Screen: LazyScreen;
}

/**
 * The admin area's panels, in menu order: each is a child route of /admin and one entry of the drawer. A new
 * panel is a feature folder and one line here.
 */
export const adminPanels: readonly AdminPanel[] = [
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
    path: paths.admin.exportData,
    label: 'Export Data',
    icon: FileDownloadIcon,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/student-export/export-panel'), 'ExportPanel'),
  },
  {
    path: paths.admin.staffAccounts,
    label: 'Staff Accounts',
    icon: ManageAccountsIcon,
    adminRoleOnly: true,
    Screen: lazyScreen(() => import('../../features/staff-accounts/staff-panel'), 'StaffPanel'),
  },
];
