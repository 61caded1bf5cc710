import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { latestBackupSchema } from '@sp/domain';
import { apiGet, errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { useDocumentTitle } from '../../components/use-document-title';
import { backupKeys } from './api/query-keys';

const size = (bytes: number) => {
  const kilobytes = Math.max(1, Math.round(bytes / 1024));
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  return bytes < 1024 * 1024 ? msg`${kilobytes} KB` : msg`${megabytes} MB`;
};

/** Backups: when the last one was taken and how large it was, so staff notice when they stop (D36). */
export function BackupsPanel() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Backups`);
  const time = useSchoolTime();
  const latest = useQuery({
    queryKey: backupKeys.latest,
    queryFn: ({ signal }) => apiGet('/api/backups/latest', latestBackupSchema, signal),
  });
  const data = latest.data;
  const last = data?.last;
  const when = last && time?.spelled(last.at);
  const fileSize = last && i18n._(size(last.size_bytes));
  const kind = last?.kind === 'nightly' ? t`nightly` : t`taken by command`;
  const file = last?.file;
  const nightlyTime = data?.nightly?.time;
  const keep = data?.nightly?.keep;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Backups</Trans>
      </Typography>
      {latest.error && <Alert severity="error">{errorMessage(latest.error)}</Alert>}
      {data && (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
          {data.last ? (
            <Typography>
              <Trans>
                Last backup: <strong>{when}</strong>, {fileSize} ({kind}).
              </Trans>
            </Typography>
          ) : (
            <Alert severity="warning">
              <Trans>No backup has been taken yet.</Trans>
            </Alert>
          )}
          <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {data.nightly
              ? t`A backup is taken every night at ${nightlyTime}; the newest ${keep} are kept in the data folder's backups folder.`
              : t`On PostgreSQL, backups are taken with pg_dump on the schedule your operator set up.`}
          </Typography>
          {data.last && data.last.kind === 'nightly' && (
            <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              <Trans>File: {file}</Trans>
            </Typography>
          )}
        </Paper>
      )}
    </>
  );
}
