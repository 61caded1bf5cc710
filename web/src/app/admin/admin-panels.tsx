import DashboardIcon from '@mui/icons-material/Dashboard';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import AssessmentIcon from '@mui/icons-material/Assessment';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../../paths';

export interface AdminPanel {
  path: string;
  label: string;
  icon: SvgIconComponent;
  /** Only for the `admin` role (D22); the `staff` role does not see it in the menu. */
  adminRoleOnly?: boolean;
  /** The panel's screen, a chunk of its own. */
  Screen: LazyExoticComponent<ComponentType>;
}

const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/**
 * The admin area's panels, in menu order: each is a child route of /admin and one entry of the drawer. A new
 * panel is a feature folder and one line here.
 */
export const adminPanels: readonly AdminPanel[] = [
  {
    path: paths.admin.dashboard,
    label: 'Dashboard',
    icon: DashboardIcon,
    Screen: lazyNamed(() => import('../../features/students/students-panel'), 'StudentsPanel'),
  },
  {
    path: paths.admin.importStudents,
    label: 'Import Students',
    icon: UploadFileIcon,
    Screen: lazyNamed(() => import('../../features/student-import/import-panel'), 'ImportPanel'),
  },
  {
    path: paths.admin.addStudent,
    label: 'Add Student',
    icon: PersonAddIcon,
    Screen: lazyNamed(() => import('../../features/student-import/add-student-page'), 'AddStudentPage'),
  },
  {
    path: paths.admin.reports,
    label: 'Reports',
    icon: AssessmentIcon,
    Screen: lazyNamed(() => import('../../features/reports/reports-panel'), 'ReportsPanel'),
  },
  {
    path: paths.admin.exportData,
    label: 'Export Data',
    icon: FileDownloadIcon,
    adminRoleOnly: true,
    Screen: lazyNamed(() => import('../../features/student-export/export-panel'), 'ExportPanel'),
  },
];
