import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { StaffUser } from '@sp/domain';
import { useId, useState } from 'react';

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
      <IconButton
        aria-label={`Actions for ${user.full_name}`}
        // A finger needs 44 px (WCAG 2.5.5).
        sx={{ minWidth: { xs: 44, sm: 'auto' }, minHeight: { xs: 44, sm: 'auto' } }}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
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
