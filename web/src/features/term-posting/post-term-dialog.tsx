import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { instantFromSchoolTime, postMessages, schoolTimeOf, type PostedTerm } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { usePostTerm, useScheduleRelease } from './api/posting';
import { MissingResultsCheck } from './missing-results-check';

interface Props {
  term: PostedTerm;
  onClose: () => void;
  /** After posting or removing: the snackbar's message. */
  onDone: (message: string) => void;
}

/**
 * 'Post {year} Term {term} reports?' with Cancel, No (removes) and Yes (posts) (spec section 2); a progress
 * bar while working; a failure shows its reason and leaves the buttons usable (D12). Before the answer: the
 * check for missing results and a scheduled release (D24).
 */
export function PostTermDialog({ term, onClose, onDone }: Props) {
  const post = usePostTerm();
  const schedule = useScheduleRelease();
  const [releaseAt, setReleaseAt] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const current = schedule.data ?? term;
  const titleId = 'post-term-title';
  const answer = (posted: 0 | 1) =>
    post.mutate(
      { term, posted },
      {
        onSuccess: () =>
          onDone(
            posted ? postMessages.posted(term.year, term.term) : postMessages.removed(term.year, term.term),
          ),
      },
    );
  const scheduleAt = (value: string | null) => {
    setScheduleError(null);
    const at = value === null ? null : instantFromSchoolTime(value);
    if (value !== null && !at) return setScheduleError('Choose a date and time.');
    schedule.mutate(
      { id: term.id, release_at: at ? at.toISOString() : null },
      { onError: (e) => setScheduleError(errorMessage(e)) },
    );
  };
  const working = post.isPending;
  return (
    <Dialog open onClose={working ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        Post {term.year} Term {term.term} reports?
      </DialogTitle>
      <DialogContent>
        {working ? (
          <Box role="status">
            <DialogContentText>
              {post.variables.posted ? 'Posting reports please stand by' : 'Removing reports please stand by'}
            </DialogContentText>
            <LinearProgress sx={{ mt: 2 }} aria-label="Working" />
          </Box>
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              {current.posted
                ? `Posted ${current.date_posted ?? ''}. Families can read these report cards. No removes them.`
                : 'Not posted: families cannot see these report cards yet. Yes posts them now.'}
            </DialogContentText>
            {post.isError && <Alert severity="error">{errorMessage(post.error)}</Alert>}
            <MissingResultsCheck termId={term.id} />
            {!current.posted && (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  Scheduled release
                </Typography>
                {current.release_at ? (
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Typography variant="body2">
                      Posts by itself: scheduled for {schoolTimeOf(current.release_at)}.
                    </Typography>
                    <Button size="small" onClick={() => scheduleAt(null)} disabled={schedule.isPending}>
                      Cancel schedule
                    </Button>
                  </Stack>
                ) : (
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}
                  >
                    <TextField
                      id="release-at"
                      type="datetime-local"
                      size="small"
                      label="Post at (school time)"
                      value={releaseAt}
                      onChange={(e) => setReleaseAt(e.target.value)}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => scheduleAt(releaseAt)}
                      disabled={!releaseAt || schedule.isPending}
                    >
                      Schedule
                    </Button>
                  </Stack>
                )}
                {scheduleError && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {scheduleError}
                  </Alert>
                )}
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={working}>
          Cancel
        </Button>
        <Button onClick={() => answer(0)} disabled={working}>
          No
        </Button>
        <Button variant="contained" onClick={() => answer(1)} disabled={working}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
