import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from './nav-items';

interface Props {
  items: NavItem[];
  open: boolean;
  onClose: () => void;
}

/** Narrow screens: the menu button in the top bar opens this drawer. */
export function DrawerNav({ items, open, onClose }: Props) {
  const { i18n } = useLingui();
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box component="nav" aria-labelledby="drawer-nav-title" sx={{ width: 280 }}>
        <Typography id="drawer-nav-title" variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
          <Trans>Menu</Trans>
        </Typography>
        <List>
          {items.map(({ label, to, icon: Icon }) => (
            <ListItem key={to} disablePadding>
              <ListItemButton component={RouterLink} to={to} onClick={onClose}>
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={i18n._(label)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
