import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SkipLink } from '../../components/skip-link';
import { TopBar } from '../../components/top-bar';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { StaffDrawer } from './staff-drawer';

/** /admin/*: the top bar, the drawer of panels, and the panel or student page of the current route. */
export function StaffLayout() {
  useDocumentTitle('Administrator');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(!narrow);
  const me = useCurrentUser();
  const fullName = me.data?.full_name ?? (me.isError ? readSession().name : undefined);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar
        fullName={fullName}
        changePasswordPath={paths.admin.changePassword}
        changePasswordLabel="Password and e-mail"
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <StaffDrawer open={open} onToggle={() => setOpen((value) => !value)} />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, outline: 'none' }}
        >
          <Suspense fallback={<LoadingOverlay open />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
