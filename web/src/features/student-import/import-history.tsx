import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { useImportHistory } from './api/import-students';
import { ScrollBox } from '../../components/scroll-box';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const COLUMNS = [msg`When`, msg`By`, msg`File`, msg`New`, msg`Changed`, msg`Unchanged`, msg`Errors`];

/** Who imported which file when, and what it did (D8). */
export function ImportHistory() {
  const { t, i18n } = useLingui();
  const history = useImportHistory();
  const time = useSchoolTime();
  return (
    <section aria-labelledby="import-history-title">
      <Typography id="import-history-title" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        <Trans>Import history</Trans>
      </Typography>
      {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
      {history.data && history.data.length === 0 && (
        <Typography>
          <Trans>No imports yet.</Trans>
        </Typography>
      )}
      {history.data && history.data.length > 0 && (
        <Paper variant="outlined">
          <ScrollBox label={t`Import history, scrollable`}>
            <Table size="small" aria-labelledby="import-history-title">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c.id}>{i18n._(c)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{time?.seconds(h.at)}</TableCell>
                    <TableCell>{h.actor_id}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all', minWidth: 120 }}>{h.file_name}</TableCell>
                    <TableCell>{h.added}</TableCell>
                    <TableCell>{h.changed}</TableCell>
                    <TableCell>{h.unchanged}</TableCell>
                    <TableCell>{h.errors}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
        </Paper>
      )}
    </section>
  );
}
