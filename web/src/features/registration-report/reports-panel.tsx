import { Trans, useLingui } from '@lingui/react/macro';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { REGISTRATION_REPORT_FILE_NAME, type RegistrationReportQuery } from '@sp/domain';
import { errorMessage } from '../../api/client';
import { ALL, FormClassFilters } from '../../components/form-class-filters';
import { PdfFrame } from '../../components/pdf-dialog';
import { useFormClasses } from '../../components/lookups/get-lookup';
import { useDocumentTitle } from '../../components/use-document-title';
import { YearHeading, useSchoolYear } from '../school-years';

/** GET /api/registration-report/all with the chosen filters. */
export function registrationReportUrl(filters: RegistrationReportQuery): string {
  const query = new URLSearchParams();
  if (filters.form_level !== undefined) query.set('form_level', String(filters.form_level));
  if (filters.class_id) query.set('class_id', filters.class_id);
  if (filters.year !== undefined) query.set('year', String(filters.year));
  return `/api/registration-report/all${query.size ? `?${query.toString()}` : ''}`;
}

/**
 * Reports (D9): the registration report of the school, a form level or a class, shown in the page with a
 * download button. Every staff member sees it.
 */
export function ReportsPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Reports`);
  const classes = useFormClasses();
  const [filters, setFilters] = useState({ formLevel: ALL, classId: ALL });
  const { year } = useSchoolYear();
  const src = registrationReportUrl({
    ...(year === undefined ? {} : { year }),
    ...(filters.formLevel === ALL ? {} : { form_level: Number(filters.formLevel) }),
    ...(filters.classId === ALL ? {} : { class_id: filters.classId }),
  });
  const problem = classes.isError ? errorMessage(classes.error) : '';
  return (
    <>
      <YearHeading>
        <Trans>Reports</Trans>
      </YearHeading>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <Typography variant="h6" component="h2">
          <Trans>Registration report</Trans>
        </Typography>
        <Typography>
          <Trans>
            Each class’s students by last name: the registration steps they have completed, their documents
            and the terms, with totals per class and for the whole report. Leave the filters on “All” for the
            whole school.
          </Trans>
        </Typography>
        <FormClassFilters classes={classes} {...filters} onChange={setFilters} />
        {classes.isError && (
          <Alert severity="warning">
            <Trans>The classes could not be loaded ({problem}); the whole school’s report is shown.</Trans>
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            href={src}
            download={REGISTRATION_REPORT_FILE_NAME}
          >
            <Trans>Download</Trans>
          </Button>
          <Link href={src} target="_blank" rel="noopener">
            <Trans>Open in a new tab</Trans>
          </Link>
        </Box>
        <Box sx={{ display: 'flex', height: { xs: '70vh', md: '75vh' }, mt: 1 }}>
          <PdfFrame key={src} title={t`Registration report`} src={src} minHeight={0} />
        </Box>
      </Paper>
    </>
  );
}
