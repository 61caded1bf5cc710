import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { CSSProperties } from '@mui/material/styles';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../api/me';
import { paths } from '../../paths';
import { useYearParam, withYear } from '../../features/school-years';
import { StaffDrawerItem } from './staff-drawer-item';
import { staffPanelIcons } from './staff-panel-icons';
import { staffPanels } from './staff-panels';

export const DRAWER_WIDTH = 240;
export const MINI_WIDTH = 64;

/** Top and height that keep the drawer just below the top bar, whose height follows the toolbar's. */
function belowTopBar(toolbar: CSSProperties): Record<string, unknown> {
  const place = (height: unknown): Record<string, unknown> => ({
    top: height,
    height: `calc(100dvh - ${Number(height)}px)`,
  });
  const atWidths: [string, unknown][] = Object.entries(toolbar)
    .filter(([key]) => key.startsWith('@media'))
    .map(([key, value]) => [key, place((value as CSSProperties).minHeight)]);
  return { ...place(toolbar.minHeight), ...Object.fromEntries(atWidths) };
}

interface Props {
  open: boolean;
  onToggle: () => void;
}

/** A permanent drawer on the left that folds to a row of icons (the mini variant). */
export function StaffDrawer({ open, onToggle }: Props) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const year = useYearParam();
  const width = open ? DRAWER_WIDTH : MINI_WIDTH;
  const role = useCurrentUser().data?.role;
  const panels = staffPanels.filter((p) => !p.adminRoleOnly || role === 'admin');
  return (
    <Drawer
      variant="permanent"
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        // The menu's column runs the page's full height (the paper itself sticks below the top bar).
        bgcolor: 'background.paper',
        boxShadow: `inset -1px 0 0 ${theme.palette.divider}`,
        '& .MuiDrawer-paper': {
          width,
          // The menu stays in view under the top bar while a long panel scrolls (a ministry's 2,500 classes).
          position: 'sticky',
          zIndex: theme.zIndex.appBar - 1,
          ...belowTopBar(theme.mixins.toolbar),
          overflowX: 'hidden',
          overflowY: 'auto',
          transition: theme.transitions.create('width'),
        },
      })}
    >
      <Box component="nav" aria-label={t`Staff menu`}>
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
              {role === 'staff' ? t`Staff` : t`Administrator`}
            </Typography>
          )}
          <IconButton
            onClick={onToggle}
            aria-label={open ? t`Collapse menu` : t`Expand menu`}
            aria-expanded={open}
          >
            {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          </IconButton>
        </Box>
        <Divider />
        <List>
          {panels.map(({ path, label, keepsYear }) => (
            <StaffDrawerItem
              key={path}
              label={i18n._(label)}
              // staff-panel-icons.test.ts holds every panel to an icon of its own.
              icon={staffPanelIcons[path] ?? ChevronRightIcon}
              open={open}
              selected={pathname === path}
              to={keepsYear ? withYear(path, year) : path}
            />
          ))}
          <StaffDrawerItem label={t`Logout`} icon={LogoutIcon} open={open} to={paths.logout} />
        </List>
      </Box>
    </Drawer>
  );
}
