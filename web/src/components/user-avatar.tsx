import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { initials } from '@sp/domain';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../paths';

interface Props {
  fullName: string | null | undefined;
  /** Where the signed-in user changes their own password (students and staff). */
  changePasswordPath?: string;
  /** The menu item's name: staff also find their own e-mail address there. */
  changePasswordLabel?: string;
  /** More of the user's own pages, before Logout (a parent's children and password). */
  links?: readonly { label: string; to: string }[];
  /** Items of the menu's own after the links (a family's language). */
  children?: ReactNode;
}

/** The signed-in user's initials: a menu button with the full name, Change password and Logout. */
export function UserAvatar({
  fullName,
  changePasswordPath,
  changePasswordLabel,
  links = [],
  children,
}: Props) {
  const { t } = useLingui();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  if (!fullName)
    return (
      <Skeleton
        variant="circular"
        width={40}
        height={40}
        aria-hidden
        sx={{ bgcolor: 'rgba(255,255,255,0.3)' }}
      />
    );
  return (
    <>
      <Tooltip title={fullName}>
        <IconButton
          // The name holds the initials shown, so speech input can say what is seen (WCAG 2.5.3).
          aria-label={t`${fullName}, ${initials(fullName)}: account menu`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 500 }}>
            {initials(fullName)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <Typography component="li" variant="subtitle2" sx={{ px: 2, py: 1 }}>
          {fullName}
        </Typography>
        <Divider component="li" />
        {changePasswordPath && (
          <MenuItem component={RouterLink} to={changePasswordPath} onClick={close}>
            {changePasswordLabel ?? t`Change password`}
          </MenuItem>
        )}
        {links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
        {children}
        <MenuItem component={RouterLink} to={paths.logout} onClick={close}>
          <Trans>Logout</Trans>
        </MenuItem>
      </Menu>
    </>
  );
}
