import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SkipLink } from '../../components/skip-link';
import { TopBar } from '../../components/top-bar';
import { useStaffEnglish } from '../../i18n/area-language';
import { useDocumentTitle } from '../../components/use-document-title';
import { ConfirmItsYouDialog } from '../../features/second-factor';
import { paths } from '../../paths';
import { StaffDrawer } from './staff-drawer';

const securityLink = [{ label: msg`Sign-in security`, to: paths.admin.signInSecurity }] as const;

/** /admin/*: the top bar, the drawer of panels, and the panel or student page of the current route. */
export function StaffLayout() {
  const { t, i18n } = useLingui();
  useStaffEnglish();
  useDocumentTitle(t`Administrator`);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(!narrow);
  const me = useCurrentUser();
  const fullName = me.data?.full_name ?? (me.isError ? readSession().name : undefined);
  const { pathname } = useLocation();
  // D51: an account the school's rule covers sets up a second factor before anything else opens.
  const mustEnrol = me.data?.must_enrol === true;
  if (mustEnrol && pathname !== paths.admin.signInSecurity)
    return <Navigate to={paths.admin.signInSecurity} replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar
        fullName={fullName}
        changePasswordPath={paths.admin.changePassword}
        changePasswordLabel={t`Password and e-mail`}
        menuLinks={securityLink.map(({ label, to }) => ({ label: i18n._(label), to }))}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {!mustEnrol && <StaffDrawer open={open} onToggle={() => setOpen((value) => !value)} />}
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
      <ConfirmItsYouDialog />
    </Box>
  );
}
