import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSchoolName } from '../api/settings';
import { SchoolLogo } from './school-logo';
import { UserAvatar } from './user-avatar';
import { paths } from '../paths';

interface Props {
  fullName: string | null | undefined;
  /** Narrow screens: the button that opens the navigation drawer. */
  onOpenMenu?: () => void;
  start?: ReactNode;
  /** The user's own Change Password page, offered in the avatar menu. */
  changePasswordPath?: string;
  changePasswordLabel?: string;
  /** More links of the avatar menu (see UserAvatar). */
  menuLinks?: readonly { label: string; to: string }[];
  /** More items of the avatar menu, before Logout (a family's language). */
  menuItems?: ReactNode;
  /** Beside the avatar: a parent's child switcher (D50). */
  switcher?: ReactNode;
}

/** Spec layout: school name, logo, the user's avatar and Logout. */
export function TopBar(props: Props) {
  const {
    fullName,
    onOpenMenu,
    start,
    changePasswordPath,
    changePasswordLabel,
    menuLinks,
    menuItems,
    switcher,
  } = props;
  const schoolName = useSchoolName();
  const { t } = useLingui();
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {start}
        {onOpenMenu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t`Open navigation menu`}
            onClick={onOpenMenu}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <SchoolLogo size={36} />
        {/* A long school name wraps to two lines on a phone instead of being cut. */}
        <Typography
          component="p"
          variant="h6"
          sx={{
            flex: 1,
            minWidth: 0,
            lineHeight: 1.25,
            fontSize: { xs: '1rem', sm: '1.25rem' },
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {schoolName}
        </Typography>
        {switcher}
        <UserAvatar
          fullName={fullName}
          changePasswordPath={changePasswordPath}
          changePasswordLabel={changePasswordLabel}
          links={menuLinks}
        >
          {menuItems}
        </UserAvatar>
        <Button
          color="inherit"
          component={RouterLink}
          to={paths.logout}
          aria-label={t`Logout`}
          startIcon={<LogoutIcon />}
          sx={{ minWidth: 0, '& .MuiButton-startIcon': { mx: { xs: 0, sm: 1 } } }}
        >
          {/* Phones show the icon only; the accessible name stays. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            <Trans>Logout</Trans>
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
