import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from './nav-items';

/** Wide screens: a floating button at the bottom right that opens the menu. */
export function FloatingNav({ items }: { items: NavItem[] }) {
  const { i18n, t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <Box
      component="nav"
      aria-label={t`Main navigation`}
      sx={{
        display: { xs: 'none', md: 'block' },
        position: 'fixed',
        right: 24,
        bottom: 24,
        zIndex: 'speedDial',
      }}
    >
      <Fab
        color="primary"
        aria-label={t`Open navigation menu`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'floating-nav-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </Fab>
      <Menu
        id="floating-nav-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        disablePortal
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        {items.map(({ label, to, icon: Icon }) => (
          <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{i18n._(label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
