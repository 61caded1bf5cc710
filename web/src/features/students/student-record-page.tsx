import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RegistrationStep } from '@sp/domain';
import { useCallback } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useStudentName } from '../../api/student-name';
import { ParentAccountsCard } from '../family-staff';
import { StudentRecordEditor } from '../registration';
import { paths } from '../../paths';
import { Trans } from '@lingui/react/macro';

/** /admin/students/{id}/record/*: staff edit a student's whole registration record, at any time. */
export function StudentRecordPage() {
  const studentId = useParams().studentId ?? '';
  const name = useStudentName(studentId);
  const stepPath = useCallback(
    (step: RegistrationStep) => paths.admin.studentRecord(studentId, step),
    [studentId],
  );
  return (
    <>
      <Box sx={{ maxWidth: { xs: 500, md: 764 }, mx: 'auto', mb: 1 }}>
        <Button component={RouterLink} to={paths.admin.dashboard} startIcon={<ArrowBackIcon />}>
          <Trans>Students</Trans>
        </Button>
        <Typography variant="body2" color="text.secondary">
          <Trans>
            Editing as school staff: every field saves when it is left, whether or not registration is open,
            and each change is recorded in the student&apos;s history.
          </Trans>
        </Typography>
      </Box>
      <StudentRecordEditor key={studentId} studentId={studentId} staff stepPath={stepPath} />
      <Box sx={{ maxWidth: { xs: 500, md: 764 }, mx: 'auto', mt: 2 }}>
        <ParentAccountsCard key={studentId} studentId={studentId} name={name.data?.first_name ?? ''} />
      </Box>
    </>
  );
}
