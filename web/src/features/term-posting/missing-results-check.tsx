import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { useMissingResults } from './api/posting';

const SHOWN = 50;

/** The check before posting: students whose report card would have gaps. */
export function MissingResultsCheck({ termId }: { termId: number }) {
  const missing = useMissingResults(termId);
  if (missing.isPending)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">Checking for missing results…</Typography>
      </Stack>
    );
  if (missing.isError) return <Alert severity="error">{errorMessage(missing.error)}</Alert>;
  const list = missing.data;
  if (list.length === 0)
    return <Alert severity="success">Every student has a result in each subject and a summary.</Alert>;
  return (
    <Alert severity="warning">
      {list.length} student{list.length === 1 ? ' has' : 's have'} missing results:
      <Box
        component="ul"
        tabIndex={0}
        aria-label="Students with missing results"
        sx={{ maxHeight: 160, overflowY: 'auto', pl: 2, my: 1 }}
      >
        {list.slice(0, SHOWN).map((s) => (
          <li key={s.id}>
            {s.class_id} {s.name} ({s.id}):{' '}
            {[
              ...(s.missing.length ? [s.missing.join(', ')] : []),
              ...(s.no_summary ? ['no summary'] : []),
            ].join('; ')}
          </li>
        ))}
        {list.length > SHOWN && <li>and {list.length - SHOWN} more</li>}
      </Box>
    </Alert>
  );
}
