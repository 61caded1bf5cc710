/** The parent portal's public entry (ADR 0033): the switcher and avatar links of the top bar, and its pages. */
import { paths } from '../../paths';
import { useLingui } from '@lingui/react/macro';

export { ChildSwitcher } from './child-switcher';
export { ParentAccounts } from './parent-accounts';
export { useFollowLinkedChild } from './use-switch-child';

/** A parent's avatar menu (D50): their children and their own password; never the student's password. */
export function useParentMenuLinks() {
  const { t } = useLingui();
  return [
    { label: t`Your children`, to: paths.parent.children },
    { label: t`Change your password`, to: paths.parent.password },
  ];
}
