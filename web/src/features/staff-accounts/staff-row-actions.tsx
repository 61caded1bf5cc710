import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { StaffUser } from '@sp/domain';
import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MenuButton } from '../../components/menu-button';
import { hasSecondFactor } from './second-factor';

export type StaffAction = 'history' | 'reset' | 'second-factor' | 'role' | 'classes' | 'active';

interface Props {
  user: StaffUser;
  onAction: (action: StaffAction, user: StaffUser) => void;
  /** The signed-in administrator's own row: their second factor is theirs to change, on their own page. */
  own: boolean;
}

/**
 * A row's menu: sign-in history, reset password, reset second factor (another's, when set), change role,
 * classes, deactivate or reactivate.
 */
export function StaffRowActions({ user, onAction, own }: Props) {
  const { t } = useLingui();
  const menuId = useId();
  const name = user.full_name;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: StaffAction) => () => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <>
      <MenuButton aria-label={t`Actions for ${name}`} menuId={menuId} anchor={anchor} onOpen={setAnchor} />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose('history')}>
          <Trans>Sign-in history</Trans>
        </MenuItem>
        <MenuItem onClick={choose('reset')}>
          <Trans>Reset password</Trans>
        </MenuItem>
        {!own && hasSecondFactor(user) && (
          <MenuItem onClick={choose('second-factor')}>
            <Trans>Reset second factor</Trans>
          </MenuItem>
        )}
        <MenuItem onClick={choose('role')}>
          {user.role === 'admin' ? t`Make staff (no staff accounts or export)` : t`Make administrator`}
        </MenuItem>
        <MenuItem onClick={choose('classes')}>
          <Trans>Classes…</Trans>
        </MenuItem>
        <MenuItem onClick={choose('active')}>{user.active ? t`Deactivate` : t`Reactivate`}</MenuItem>
      </Menu>
    </>
  );
}
