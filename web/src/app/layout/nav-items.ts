import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import type { SvgIconComponent } from '@mui/icons-material';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { paths } from '../../paths';

export interface NavItem {
  /** Translated where it is shown (`i18n._`). */
  label: MessageDescriptor;
  to: string;
  icon: SvgIconComponent;
  /** Whether the item is the page being shown (the menu leaves it out). */
  isCurrent: (pathname: string) => boolean;
}

const exactly = (to: string) => (pathname: string) => pathname === to;

export const studentNavItems: readonly NavItem[] = [
  { label: msg`Dashboard`, to: paths.dashboard, icon: DashboardIcon, isCurrent: exactly(paths.dashboard) },
  {
    label: msg`Term Reports`,
    to: paths.termReports,
    icon: AssessmentIcon,
    isCurrent: exactly(paths.termReports),
  },
  {
    label: msg`Edit/View Registration`,
    to: paths.registration.step('studentData'),
    icon: AppRegistrationIcon,
    isCurrent: (pathname) =>
      pathname.startsWith(`${paths.registration.root}/`) && pathname !== paths.registration.changePassword,
  },
  {
    label: msg`E-mail addresses`,
    to: paths.emailAddresses,
    icon: AlternateEmailIcon,
    isCurrent: exactly(paths.emailAddresses),
  },
  {
    label: msg`Change Password`,
    to: paths.registration.changePassword,
    icon: LockResetIcon,
    isCurrent: exactly(paths.registration.changePassword),
  },
  { label: msg`Logout`, to: paths.logout, icon: LogoutIcon, isCurrent: exactly(paths.logout) },
];

/**
 * Spec section 2: the menu lists the other pages and is hidden on the dashboard. A student who has left the
 * school has no registration to open this year (D49). A parent (D50) never changes the student's password, and
 * has no pages of a child until one is linked.
 */
export function navItemsFor(pathname: string, leaver = false, parent?: { hasChild: boolean }): NavItem[] {
  if (pathname === paths.dashboard || (parent && !parent.hasChild)) return [];
  return studentNavItems.filter(
    (item) =>
      !item.isCurrent(pathname) &&
      !(leaver && item.to === paths.registration.step('studentData')) &&
      !(parent && item.to === paths.registration.changePassword),
  );
}
