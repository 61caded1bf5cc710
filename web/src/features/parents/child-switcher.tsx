import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ParentChild } from '@sp/domain';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../paths';
import { childName, useSwitchChild } from './use-switch-child';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  /** The account's linked children, as /api/me lists them. */
  linked: readonly ParentChild[];
  /** The child this tab shows. */
  current: string | null;
}

/** "Anil Ali · 1A": the name and class, as the button and the menu show a child. */
export const childLabel = (child: ParentChild): string =>
  child.class_id ? `${childName(child)} · ${child.class_id}` : childName(child);

/**
 * A parent's child switcher in the top bar (D50): a menu button with the child shown (the first name only on a
 * phone), a menu of the linked children (arrow keys move, the current one marked) and "Link another child".
 */
export function ChildSwitcher({ linked, current }: Props) {
  const { t } = useLingui();
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const switchTo = useSwitchChild();
  const shown = linked.find((c) => c.student_id === current);
  const label = shown && childLabel(shown);
  const close = () => setAnchor(null);
  if (linked.length === 0) return null;
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={shown ? t`Switch child: ${label} shown` : t`Switch child`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, flexShrink: 1, whiteSpace: 'nowrap', overflow: 'hidden' }}
      >
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {shown?.first_name ?? t`Choose a child`}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {label ?? t`Choose a child`}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': t`Switch child` } }}
      >
        {linked.map((child) => {
          const isCurrent = child.student_id === current;
          return (
            <MenuItem
              key={child.student_id}
              selected={isCurrent}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => {
                close();
                if (!isCurrent) switchTo(child);
              }}
            >
              <ListItemIcon>{isCurrent && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{childLabel(child)}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to={paths.parent.children} onClick={close}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <Trans>Link another child</Trans>
          </ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
