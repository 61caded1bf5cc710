import Box from '@mui/material/Box';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SkipLink } from '../../components/skip-link';
import { DrawerNav } from './drawer-nav';
import { FloatingNav } from './floating-nav';
import { navItemsFor } from './nav-items';
import { StaySignedIn } from '../../components/stay-signed-in';
import { paths } from '../../paths';
import { TopBar } from '../../components/top-bar';
import { SessionSignInDialog } from '../../features/auth/session-sign-in-dialog';

/** The frame of every signed-in student page: top bar, content, and the menu of the other pages. */
export function StudentLayout() {
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = navItemsFor(pathname, me.data?.year?.enrolled === false);
  const fullName = me.data?.full_name ?? (me.isError ? readSession().name : undefined);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar
        fullName={fullName}
        changePasswordPath={paths.registration.changePassword}
        onOpenMenu={items.length > 0 ? () => setDrawerOpen(true) : undefined}
      />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, p: { xs: 2, sm: 3 }, pb: { xs: 4, md: 12 }, outline: 'none' }}
      >
        <Suspense fallback={<LoadingOverlay open />}>
          <Outlet />
        </Suspense>
      </Box>
      <SessionSignInDialog />
      <StaySignedIn />
      {items.length > 0 && (
        <>
          <FloatingNav items={items} />
          <DrawerNav items={items} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </>
      )}
    </Box>
  );
}
