import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router';

interface Props {
  label: string;
  icon: SvgIconComponent;
  open: boolean;
  selected?: boolean;
  to: string;
}

/** One drawer entry; folded, it shows the icon with the label as tooltip and accessible name. */
export function StaffDrawerItem({ label, icon: Icon, open, selected = false, to }: Props) {
  const common = {
    selected,
    'aria-current': selected ? ('page' as const) : undefined,
    'aria-label': open ? undefined : label,
    sx: { minHeight: 48, px: 2.5, justifyContent: open ? 'initial' : 'center' },
  };
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 0, mr: open ? 3 : 0, justifyContent: 'center' }}>
        <Icon />
      </ListItemIcon>
      {open && <ListItemText primary={label} />}
    </>
  );
  const button = (
    <ListItemButton component={RouterLink} to={to} {...common}>
      {content}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {open ? (
        button
      ) : (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      )}
    </ListItem>
  );
}
