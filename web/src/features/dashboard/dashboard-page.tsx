import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import AssessmentIcon from '@mui/icons-material/Assessment';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { useDocumentTitle } from '../../components/use-document-title';
import { isLeaver, LeaverNotice } from '../registration';
import { DashboardTile } from './dashboard-tile';
import { paths } from '../../paths';
import { useLingui } from '@lingui/react/macro';

/** Spec section 2: a welcome with the student's name and two tiles. */
export function DashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const me = useCurrentUser();
  const name = readSession().name ?? me.data?.full_name ?? '';

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {name ? t`Welcome, ${name}` : t`Welcome`}
      </Typography>
      {me.data?.year && isLeaver(me.data.year) && (
        <Box sx={{ mb: 3 }}>
          <LeaverNotice year={me.data.year} />
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <DashboardTile
          title={t`Term Reports`}
          description={t`View the end-of-term report cards the school has posted.`}
          to={paths.termReports}
          icon={AssessmentIcon}
        />
        {!isLeaver(me.data?.year) && (
          <DashboardTile
            title={t`Edit/View Registration`}
            description={t`Fill in or check the registration form and upload documents.`}
            to={paths.registration.step('studentData')}
            icon={AppRegistrationIcon}
          />
        )}
      </Box>
    </Box>
  );
}
