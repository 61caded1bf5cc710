import AssessmentIcon from '@mui/icons-material/Assessment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { notEnrolledMessage, type StudentYear } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../paths';

/** Whether who is signed in has left the school: their pages are the term reports only (D49). */
export const isLeaver = (year: StudentYear | null | undefined): boolean => year?.enrolled === false;

/** A leaver's registration pages: said plainly, with the way to the report cards (the server's own words). */
export function LeaverNotice({ year }: { year: StudentYear }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Alert severity="info">{notEnrolledMessage(year.label)}</Alert>
      <Button
        component={RouterLink}
        to={paths.termReports}
        variant="contained"
        startIcon={<AssessmentIcon />}
        sx={{ mt: 2 }}
      >
        Open my term reports
      </Button>
    </Box>
  );
}
