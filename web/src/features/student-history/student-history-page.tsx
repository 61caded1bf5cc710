import { Trans, useLingui } from '@lingui/react/macro';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { useStudentHistory } from './api/get-student-history';
import { useStudentName } from '../../api/student-name';
import { HistoryEntries } from './history-entries';
import { YearHeading, useSchoolYear, withYear } from '../school-years';

/** /admin/students/{id}/history: who changed what in a student's record, and when (D8). */
export function StudentHistoryPage() {
  const { t } = useLingui();
  const studentId = useParams().studentId ?? '';
  const name = useStudentName(studentId);
  const history = useStudentHistory(studentId);
  const fullName = name.data ? `${name.data.first_name} ${name.data.last_name}` : '';
  useDocumentTitle(fullName ? t`History of ${fullName}` : t`History`);
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const { year } = useSchoolYear();
  const shownName = fullName || t`student`;
  const problem = history.isError ? errorMessage(history.error) : '';

  return (
    <>
      <Button
        component={RouterLink}
        to={withYear(paths.admin.dashboard, year)}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
      >
        <Trans>Back to students</Trans>
      </Button>
      <YearHeading>
        <span style={{ overflowWrap: 'anywhere' }}>
          <Trans>
            History of {shownName} ({studentId})
          </Trans>
        </span>
      </YearHeading>
      {name.isError && <Alert severity="error">{errorMessage(name.error)}</Alert>}
      {history.isPending && <CircularProgress aria-label={t`Loading the history`} />}
      {history.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The history could not be loaded: {problem}</Trans>
        </Alert>
      )}
      {history.isSuccess && entries.length === 0 && (
        <Typography>
          {year === undefined
            ? t`Nothing has been recorded yet.`
            : t`Nothing was recorded in this school year.`}
        </Typography>
      )}
      {entries.length > 0 && <HistoryEntries entries={entries} />}
      {history.hasNextPage && (
        <Box sx={{ mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </Button>
        </Box>
      )}
    </>
  );
}
