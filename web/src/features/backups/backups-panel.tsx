import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { latestBackupSchema } from '@sp/domain';
import { apiGet, errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { useDocumentTitle } from '../../components/use-document-title';
import { backupKeys } from './api/query-keys';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Backups: when the last one was taken and how large it was, so staff notice when they stop (D36). */
export function BackupsPanel() {
  useDocumentTitle('Backups');
  const time = useSchoolTime();
  const latest = useQuery({
    queryKey: backupKeys.latest,
    queryFn: ({ signal }) => apiGet('/api/backups/latest', latestBackupSchema, signal),
  });
  const data = latest.data;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Backups
      </Typography>
      {latest.error && <Alert severity="error">{errorMessage(latest.error)}</Alert>}
      {data && (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
          {data.last ? (
            <Typography>
              Last backup: <strong>{time?.spelled(data.last.at)}</strong>, {size(data.last.size_bytes)} (
              {data.last.kind === 'nightly' ? 'nightly' : 'taken by command'}).
            </Typography>
          ) : (
            <Alert severity="warning">No backup has been taken yet.</Alert>
          )}
          <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {data.nightly
              ? `A backup is taken every night at ${data.nightly.time}; the newest ${data.nightly.keep} are kept in the data folder's backups folder.`
              : 'On PostgreSQL, backups are taken with pg_dump on the schedule your operator set up.'}
          </Typography>
          {data.last && data.last.kind === 'nightly' && (
            <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              File: {data.last.file}
            </Typography>
          )}
        </Paper>
      )}
    </>
  );
}
