import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { StaffUser } from '@sp/domain';
import { useId, useState } from 'react';
import { MenuButton } from '../../components/menu-button';

export type StaffAction = 'history' | 'reset' | 'role' | 'classes' | 'active';

interface Props {
  user: StaffUser;
  onAction: (action: StaffAction, user: StaffUser) => void;
}

/** A row's menu: sign-in history, reset password, change role, classes, deactivate or reactivate. */
export function StaffRowActions({ user, onAction }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: StaffAction) => () => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <>
      <MenuButton
        aria-label={`Actions for ${user.full_name}`}
        menuId={menuId}
        anchor={anchor}
        onOpen={setAnchor}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose('history')}>Sign-in history</MenuItem>
        <MenuItem onClick={choose('reset')}>Reset password</MenuItem>
        <MenuItem onClick={choose('role')}>
          {user.role === 'admin' ? 'Make staff (no staff accounts or export)' : 'Make administrator'}
        </MenuItem>
        <MenuItem onClick={choose('classes')}>Classes…</MenuItem>
        <MenuItem onClick={choose('active')}>{user.active ? 'Deactivate' : 'Reactivate'}</MenuItem>
      </Menu>
    </>
  );
}
