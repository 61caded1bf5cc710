import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { fieldValue, type StudentRecord } from '@sp/domain';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import type { RegistrationNotice } from './registration-notice';
import { stepIndexOf } from './registration-steps';
import { StepSideMenu } from './step-side-menu';
import { StepStepper } from './step-stepper';

interface Props {
  record: StudentRecord;
  notice: RegistrationNotice | null;
}

const nameOf = (record: StudentRecord): string =>
  [fieldValue(record, 'first_name'), fieldValue(record, 'last_name')].filter(Boolean).join(' ');

/** Who is registering, whether the form can be changed, the steps, and the current step's card. */
export function RegistrationFrame({ record, notice }: Props) {
  const { pathname } = useLocation();
  const { t } = useLingui();
  const studentId = record.student_id;
  const activeIndex = stepIndexOf(pathname);

  return (
    <Box sx={{ maxWidth: { xs: 500, md: 764 }, mx: 'auto' }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {nameOf(record) || t`Registration`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t`Student ID ${studentId}`}
        </Typography>
      </Box>
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }}>
          {notice.text}
          {notice.note && (
            <Box component="span" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
              {notice.note}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <StepSideMenu activeIndex={activeIndex} progress={record.progress} />
        <Box sx={{ flex: 1, minWidth: 0, maxWidth: 500 }}>
          <StepStepper activeIndex={activeIndex} progress={record.progress} />
          <Suspense fallback={<LoadingOverlay open />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
