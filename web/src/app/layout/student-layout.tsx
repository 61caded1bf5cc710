import Box from '@mui/material/Box';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/me';
import { isParentTab, parentTabChild, readSession, subscribeTabChild } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SkipLink } from '../../components/skip-link';
import { DrawerNav } from './drawer-nav';
import { FloatingNav } from './floating-nav';
import { navItemsFor } from './nav-items';
import { StaySignedIn } from '../../components/stay-signed-in';
import { paths } from '../../paths';
import { TopBar } from '../../components/top-bar';
import { SessionSignInDialog } from '../../features/auth/session-sign-in-dialog';
import { ParentSessionDialog } from '../../features/parent-account/parent-session-dialog';
import { ChildSwitcher, useParentMenuLinks, useFollowLinkedChild } from '../../features/parents';
import { useAccountLanguage } from '../../i18n/account-language';
import { LanguageMenuItems } from '../../i18n/language-menu-items';

/** The frame of every signed-in student page: top bar, content, and the menu of the other pages. */
export function StudentLayout() {
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const parent = me.data?.kind === 'parent' ? me.data.parent : undefined;
  // The tab's child: a switch, or a move away from an unlinked child, renders the page afresh.
  const child = useSyncExternalStore(subscribeTabChild, parentTabChild);
  useFollowLinkedChild(me.data, child);
  useAccountLanguage();
  const parentMenuLinks = useParentMenuLinks();
  const items = navItemsFor(
    pathname,
    me.data?.year?.enrolled === false,
    parent && { hasChild: Boolean(me.data?.student_id) },
  );
  const fullName = me.data?.full_name ?? (me.isError ? readSession().name : undefined);
  // A parent with no child linked has only their own pages: linking one, and their password (D50).
  const ownPage = pathname === paths.parent.children || pathname === paths.parent.password;
  if (parent && !me.data?.student_id && !ownPage) return <Navigate to={paths.parent.children} replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar
        fullName={fullName}
        changePasswordPath={parent ? undefined : paths.registration.changePassword}
        menuLinks={parent ? parentMenuLinks : undefined}
        menuItems={<LanguageMenuItems />}
        switcher={parent && <ChildSwitcher linked={parent.children} current={me.data?.student_id ?? null} />}
        onOpenMenu={items.length > 0 ? () => setDrawerOpen(true) : undefined}
      />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, p: { xs: 2, sm: 3 }, pb: { xs: 4, md: 12 }, outline: 'none' }}
      >
        <Suspense fallback={<LoadingOverlay open />}>
          {/* A parent's tab switching children starts every page afresh: no form keeps one child's values.
              Your children shows no child's data, and keeps its "now linked" message when the first one is. */}
          <Outlet key={pathname === paths.parent.children ? pathname : (child ?? '')} />
        </Suspense>
      </Box>
      {isParentTab() ? <ParentSessionDialog /> : <SessionSignInDialog />}
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
