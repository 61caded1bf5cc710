import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { postMessages, type PostingTerm } from '@sp/domain';
import { useState } from 'react';
import { FormServerError } from '../../components/form-server-error';
import { useMissingResults, usePostTerm, useScheduleRelease, type Inclusion } from './api/posting';
import { MissingResultsCheck } from './missing-results-check';
import { ReleaseSchedule } from './release-schedule';
import { Trans, useLingui } from '@lingui/react/macro';

const NOBODY: Inclusion = { all: false, classes: [] };

interface Props {
  term: PostingTerm;
  onClose: () => void;
  /** After posting or removing: the snackbar's message. */
  onDone: (message: string) => void;
}

/**
 * 'Post {year} Term {term} reports?' with Cancel, No (removes) and Yes (posts) (spec section 2); a progress
 * bar while working; a failure shows its reason and leaves the buttons usable (D12). Before the answer: the
 * check for missing results, with the classes to include although nobody entered their marks (D41), and a
 * scheduled release typed on the school's clock (D24).
 */
export function PostTermDialog({ term, onClose, onDone }: Props) {
  const { t } = useLingui();
  const post = usePostTerm();
  const schedule = useScheduleRelease();
  const check = useMissingResults(term.id);
  // Until the admin changes it, the choice is the current posting's, so Yes again takes no card away.
  const [chosen, setInclude] = useState<Inclusion | null>(null);
  const include = chosen ?? check.data?.included;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const current = schedule.data ?? term;
  const titleId = 'post-term-title';
  const answer = (posted: 0 | 1) =>
    post.mutate(
      { term, posted, include },
      {
        onSuccess: () =>
          onDone(
            posted ? postMessages.posted(term.year, term.term) : postMessages.removed(term.year, term.term),
          ),
      },
    );
  const working = post.isPending;
  const year = term.year;
  const number = term.term;
  const datePosted = current.date_posted ?? '';
  return (
    <Dialog
      open
      onClose={working ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>
        <Trans>
          Post {year} Term {number} reports?
        </Trans>
      </DialogTitle>
      <DialogContent>
        {working ? (
          <Box role="status">
            <DialogContentText>
              {post.variables.posted
                ? t`Posting reports please stand by`
                : t`Removing reports please stand by`}
            </DialogContentText>
            <LinearProgress sx={{ mt: 2 }} aria-label={t`Working`} />
          </Box>
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              {current.posted
                ? t`Posted ${datePosted}. Families can read these report cards. No removes them.`
                : t`Not posted: families cannot see these report cards yet. Yes posts them now.`}
            </DialogContentText>
            <FormServerError error={post.error} />
            <MissingResultsCheck
              termId={term.id}
              posted={current.posted === 1}
              include={include ?? NOBODY}
              onInclude={setInclude}
            />
            {!current.posted && <ReleaseSchedule current={current} schedule={schedule} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ '& .MuiButton-root': { minHeight: 44, minWidth: 64 } }}>
        <Button onClick={onClose} disabled={working}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => answer(0)} disabled={working}>
          <Trans>No</Trans>
        </Button>
        <Button variant="contained" onClick={() => answer(1)} disabled={working}>
          <Trans>Yes</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
