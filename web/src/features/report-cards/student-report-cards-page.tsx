import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useStudentName } from '../../api/student-name';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { ReportCardList } from './report-card-list';

/** /admin/students/{id}/term-reports: a student's report cards as staff see them, posted or not. */
export function StudentReportCardsPage() {
  const studentId = useParams().studentId ?? '';
  const name = useStudentName(studentId);
  const fullName = name.data ? `${name.data.first_name} ${name.data.last_name}` : '';
  useDocumentTitle(fullName ? `Term Reports of ${fullName}` : 'Term Reports');
  return (
    <>
      <Button component={RouterLink} to={paths.admin.dashboard} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to students
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        Term Reports of {fullName || 'student'} ({studentId})
      </Typography>
      <ReportCardList studentId={studentId} staff headingLevel="h2" />
    </>
  );
}
