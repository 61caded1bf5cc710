import { Trans, useLingui } from '@lingui/react/macro';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { exportFileName, type ExportQuery } from '@sp/domain';
import { errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { ALL, FormClassFilters } from '../../components/form-class-filters';
import { useFormClasses } from '../../components/lookups/get-lookup';
import { useDocumentTitle } from '../../components/use-document-title';
import { YearHeading, useSchoolYear } from '../school-years';
import { downloadExport } from './api/download-export';
import { DownloadingDialog } from './downloading-dialog';

/** Export Data (D9, D18): every student's registration data as a spreadsheet, for a form or class if chosen. */
export function ExportPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Export Data`);
  const classes = useFormClasses();
  const [formLevel, setFormLevel] = useState(ALL);
  const [classId, setClassId] = useState(ALL);
  const [includeWithdrawn, setIncludeWithdrawn] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const today = useSchoolTime()?.today() ?? '';
  const { year } = useSchoolYear();

  const download = useMutation({
    mutationFn: (filters: ExportQuery) => {
      abort.current = new AbortController();
      return downloadExport(filters, today, abort.current.signal);
    },
  });
  const cancelled = download.error instanceof DOMException && download.error.name === 'AbortError';

  const filters: ExportQuery = {
    ...(formLevel === ALL ? {} : { form_level: Number(formLevel) }),
    ...(classId === ALL ? {} : { class_id: classId }),
    ...(includeWithdrawn ? { include_withdrawn: '1' as const } : {}),
    ...(year === undefined ? {} : { year }),
  };
  const start = () => download.mutate(filters);
  const fileName = exportFileName(filters, today);
  const classesProblem = classes.isError ? errorMessage(classes.error) : '';
  const downloadProblem = download.isError ? errorMessage(download.error) : '';
  const downloaded = download.data;

  return (
    <>
      <YearHeading>
        <Trans>Export Data</Trans>
      </YearHeading>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 600 }}>
        <Typography sx={{ mb: 2 }}>
          <Trans>
            Every registration field of each student, one row per student, saved as{' '}
            <strong style={{ overflowWrap: 'anywhere' }}>{fileName}</strong>. Leave the filters on “All” for
            the whole school.
          </Trans>
        </Typography>
        <FormClassFilters
          classes={classes}
          formLevel={formLevel}
          classId={classId}
          onChange={(f) => {
            setFormLevel(f.formLevel);
            setClassId(f.classId);
          }}
        />
        <FormControlLabel
          control={
            <Checkbox checked={includeWithdrawn} onChange={(e) => setIncludeWithdrawn(e.target.checked)} />
          }
          label={t`Include withdrawn students`}
        />
        {classes.isError && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            <Trans>
              The classes could not be loaded ({classesProblem}); the whole school can still be exported.
            </Trans>
          </Alert>
        )}
        {download.isError && !cancelled && (
          <Alert severity="error" sx={{ mt: 1 }}>
            <Trans>The data could not be downloaded: {downloadProblem}</Trans>
          </Alert>
        )}
        {download.isSuccess && (
          <Alert severity="success" sx={{ mt: 1 }}>
            <Trans>{downloaded} has been downloaded.</Trans>
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            onClick={start}
            disabled={download.isPending || !today}
          >
            <Trans>Download</Trans>
          </Button>
        </Box>
      </Paper>
      <DownloadingDialog open={download.isPending} onCancel={() => abort.current?.abort()} />
    </>
  );
}
