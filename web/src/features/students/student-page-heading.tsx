import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useStudentName } from '../../api/student-name';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { Trans } from '@lingui/react/macro';

/** The top of a staff page about one student: what the page is, whose it is, and the way back. */
export function StudentPageHeading({ title, studentId }: { title: string; studentId: string }) {
  const name = useStudentName(studentId);
  const who = name.data ? `${name.data.first_name} ${name.data.last_name}` : '';
  useDocumentTitle(who ? `${title}: ${who}` : title);
  return (
    <Box sx={{ mb: 2 }}>
      <Button component={RouterLink} to={paths.admin.dashboard} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        <Trans>Students</Trans>
      </Button>
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
        {who && `: ${who}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <Trans>Student ID {studentId}</Trans>
      </Typography>
    </Box>
  );
}
