import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { AdminDrawerItem } from './admin-drawer-item';

export type AdminPanel = 'dashboard';

/** The panels of the admin area; the others (D9) arrive with their issues. */
const panels: readonly { key: AdminPanel; label: string; icon: SvgIconComponent }[] = [
  { key: 'dashboard', label: 'Dashboard', icon: DashboardIcon },
];

export const DRAWER_WIDTH = 240;
export const MINI_WIDTH = 64;

interface Props {
  open: boolean;
  onToggle: () => void;
  panel: AdminPanel;
  onSelect: (panel: AdminPanel) => void;
}

/** A permanent drawer on the left that folds to a row of icons (the mini variant). */
export function AdminDrawer({ open, onToggle, panel, onSelect }: Props) {
  const width = open ? DRAWER_WIDTH : MINI_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          position: 'relative',
          overflowX: 'hidden',
          transition: theme.transitions.create('width'),
        },
      })}
    >
      <Box component="nav" aria-label="Administrator menu">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: open ? 'space-between' : 'center',
            px: 1,
            minHeight: 56,
          }}
        >
          {open && (
            <Typography component="p" variant="subtitle1" sx={{ pl: 1, fontWeight: 600 }}>
              Administrator
            </Typography>
          )}
          <IconButton
            onClick={onToggle}
            aria-label={open ? 'Collapse menu' : 'Expand menu'}
            aria-expanded={open}
          >
            {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          </IconButton>
        </Box>
        <Divider />
        <List>
          {panels.map(({ key, label, icon }) => (
            <AdminDrawerItem
              key={key}
              label={label}
              icon={icon}
              open={open}
              selected={panel === key}
              onClick={() => onSelect(key)}
            />
          ))}
          <AdminDrawerItem label="Logout" icon={LogoutIcon} open={open} to="/logout" />
        </List>
      </Box>
    </Drawer>
  );
}
