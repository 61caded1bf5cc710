import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { SkipLink } from '../../components/skip-link';
import { TopBar } from '../../components/top-bar';
import { useDocumentTitle } from '../../components/use-document-title';
import { AdminDrawer, type AdminPanel } from './admin-drawer';
import { StudentsPanel } from './students-panel';

/** /admin/dashboard: the drawer picks a panel; only that panel shows. */
export function AdminPage() {
  useDocumentTitle('Administrator');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(!narrow);
  const [panel, setPanel] = useState<AdminPanel>('dashboard');
  const me = useCurrentUser();
  const fullName = me.data?.full_name ?? (me.isError ? readSession().name : undefined);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar fullName={fullName} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <AdminDrawer
          open={open}
          onToggle={() => setOpen((value) => !value)}
          panel={panel}
          onSelect={setPanel}
        />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, outline: 'none' }}
        >
          {panel === 'dashboard' && <StudentsPanel />}
        </Box>
      </Box>
    </Box>
  );
}
