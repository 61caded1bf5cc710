import AssignmentIcon from '@mui/icons-material/Assignment';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BackupIcon from '@mui/icons-material/Backup';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GradingIcon from '@mui/icons-material/Grading';
import MailIcon from '@mui/icons-material/Mail';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PublishIcon from '@mui/icons-material/Publish';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';
import { paths } from '../../paths';

/**
 * The drawer's icon for each panel of `staff-panels.tsx`, by the panel's path. Kept out of that list, which the
 * route table of the first screen reads, so the sign-in pages do not download the menu's pictures (ADR 0035).
 */
export const staffPanelIcons: Readonly<Record<string, SvgIconComponent>> = {
  [paths.admin.dashboard]: DashboardIcon,
  [paths.admin.importStudents]: UploadFileIcon,
  [paths.admin.addStudent]: PersonAddIcon,
  [paths.admin.reports]: AssessmentIcon,
  [paths.admin.termsSubjects]: EventNoteIcon,
  [paths.admin.termResults]: AssignmentIcon,
  [paths.admin.postTermReports]: PublishIcon,
  [paths.admin.reportCards]: GradingIcon,
  [paths.admin.exportData]: FileDownloadIcon,
  [paths.admin.settings]: SettingsIcon,
  [paths.admin.newSchoolYear]: EventRepeatIcon,
  [paths.admin.staffAccounts]: ManageAccountsIcon,
  [paths.admin.backups]: BackupIcon,
  [paths.admin.outbox]: MailIcon,
};
