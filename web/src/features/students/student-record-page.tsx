import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RegistrationStep } from '@sp/domain';
import { useCallback } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { StudentRecordEditor } from '../registration';
import { paths } from '../../paths';

/** /admin/students/{id}/record/*: staff edit a student's whole registration record, at any time. */
export function StudentRecordPage() {
  const studentId = useParams().studentId ?? '';
  const stepPath = useCallback(
    (step: RegistrationStep) => paths.admin.studentRecord(studentId, step),
    [studentId],
  );
  return (
    <>
      <Box sx={{ maxWidth: { xs: 500, md: 764 }, mx: 'auto', mb: 1 }}>
        <Button component={RouterLink} to={paths.admin.dashboard} startIcon={<ArrowBackIcon />}>
          Students
        </Button>
        <Typography variant="body2" color="text.secondary">
          Editing as school staff: every field saves when it is left, whether or not registration is open, and
          each change is recorded in the student&apos;s history.
        </Typography>
      </Box>
      <StudentRecordEditor key={studentId} studentId={studentId} staff stepPath={stepPath} />
    </>
  );
}
