import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import type { SvgIconComponent } from '@mui/icons-material';

export interface NavItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** Whether the item is the page being shown (the menu leaves it out). */
  isCurrent: (pathname: string) => boolean;
}

const exactly = (to: string) => (pathname: string) => pathname === to;

export const studentNavItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: DashboardIcon, isCurrent: exactly('/dashboard') },
  { label: 'Term Reports', to: '/term-reports', icon: AssessmentIcon, isCurrent: exactly('/term-reports') },
  {
    label: 'Edit/View Registration',
    to: '/registration/student-data',
    icon: AppRegistrationIcon,
    isCurrent: (pathname) =>
      pathname.startsWith('/registration/') && pathname !== '/registration/change-password',
  },
  { label: 'Logout', to: '/logout', icon: LogoutIcon, isCurrent: exactly('/logout') },
];

/** Spec section 2: the menu lists the other pages and is hidden on the dashboard. */
export function navItemsFor(pathname: string): NavItem[] {
  if (pathname === '/dashboard') return [];
  return studentNavItems.filter((item) => !item.isCurrent(pathname));
}
