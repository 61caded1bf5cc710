import AssessmentIcon from '@mui/icons-material/Assessment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StudentYear } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../paths';

/** Whether who is signed in has left the school: their pages are the term reports only (D49). */
export const isLeaver = (year: StudentYear | null | undefined): boolean => year?.enrolled === false;

/** A leaver's registration pages: said plainly (the server's notEnrolledMessage), with the way to the report cards. */
export function LeaverNotice({ year }: { year: StudentYear }) {
  const { t } = useLingui();
  const label = year.label;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Alert severity="info">
        {t`You are no longer enrolled at the school for ${label}, so there is nothing to register. Your term reports are still yours to read.`}
      </Alert>
      <Button
        component={RouterLink}
        to={paths.termReports}
        variant="contained"
        startIcon={<AssessmentIcon />}
        sx={{ mt: 2 }}
      >
        <Trans>Open my term reports</Trans>
      </Button>
    </Box>
  );
}
