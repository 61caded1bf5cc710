import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { noMarksReasonLabel, type PostingCheck } from '@sp/domain';
import { errorMessage } from '../../api/client';
import { useMissingResults, type Inclusion } from './api/posting';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** Names shown per class before the rest are counted. */
const SHOWN = 20;
const LISTED = msg`Students with missing results`;
const TOUCH = { minHeight: 44, '& .MuiCheckbox-root': { p: 1.25 } };
const listSx = { maxHeight: 160, overflowY: 'auto', pl: 2, my: 0.5 } as const;

interface Props {
  termId: number;
  /** The term is posted: Yes posts it again, and the boxes start as its posting's choice. */
  posted: boolean;
  include: Inclusion;
  onInclude: (next: Inclusion) => void;
}

/**
 * The check before posting (D41): by class, the students nobody has entered a mark for, who are left out
 * unless the admin ticks their class (or everyone); then those whose cards will show a gap.
 */
export function MissingResultsCheck({ termId, posted, include, onInclude }: Props) {
  const { t } = useLingui();
  const check = useMissingResults(termId);
  if (check.isPending)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">
          <Trans>Checking for missing results…</Trans>
        </Typography>
      </Stack>
    );
  if (check.isError) return <Alert severity="error">{errorMessage(check.error)}</Alert>;
  const { classes, incomplete, left_out } = check.data;
  const ticked = (classId: string) => include.all || include.classes.includes(classId);
  // Families who can read their card now and whose class is no longer ticked: Yes would take it away.
  const out = new Set(left_out);
  const losing = posted
    ? classes.flatMap((c) => (ticked(c.class_id) ? [] : c.no_marks.filter((s) => !out.has(s.id))))
    : [];
  if (classes.length === 0 && incomplete.length === 0)
    return (
      <Alert severity="success">
        <Trans>Every student has a result in each subject and a summary.</Trans>
      </Alert>
    );
  const leftOut = left_out.length;
  const families = losing.length;
  const names = losing
    .slice(0, SHOWN)
    .map((s) => s.name)
    .join(', ');
  const moreLosing = losing.length - SHOWN;
  const students = incomplete.length;
  const moreIncomplete = incomplete.length - SHOWN;
  return (
    <Stack spacing={1.5}>
      {left_out.length > 0 && (
        <Typography variant="body2">
          {leftOut === 1
            ? t`The current posting left out ${leftOut} student. Yes posts again with the choices below.`
            : t`The current posting left out ${leftOut} students. Yes posts again with the choices below.`}
        </Typography>
      )}
      {classes.length > 0 && (
        <NoMarks classes={classes} posted={posted} include={include} onInclude={onInclude} />
      )}
      {losing.length > 0 && (
        <Alert severity="error" role="alert">
          {families === 1
            ? t`${families} family can read a card now that Yes would take away, because you un-ticked their class:`
            : t`${families} families can read a card now that Yes would take away, because you un-ticked their class:`}{' '}
          {names}
          {losing.length > SHOWN ? ` ${t`and ${moreLosing} more`}` : ''}.
        </Alert>
      )}
      {incomplete.length > 0 && (
        <Alert severity="info">
          {students === 1
            ? t`${students} student has marks but not in every subject, or no summary: their cards are posted with a dash where nothing was entered.`
            : t`${students} students have marks but not in every subject, or no summary: their cards are posted with a dash where nothing was entered.`}
          <Box
            component="ul"
            tabIndex={0}
            aria-label={classes.length ? t`Students with gaps` : t(LISTED)}
            sx={listSx}
          >
            {incomplete.slice(0, SHOWN).map((s) => (
              <li key={s.id}>
                {s.class_id} {s.name} ({s.id}):{' '}
                {[
                  ...(s.missing.length ? [s.missing.join(', ')] : []),
                  ...(s.no_summary ? [t`no summary`] : []),
                ].join('; ')}
              </li>
            ))}
            {incomplete.length > SHOWN && <li>{t`and ${moreIncomplete} more`}</li>}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}

function NoMarks({
  classes,
  posted,
  include,
  onInclude,
}: {
  classes: PostingCheck['classes'];
  posted: boolean;
  include: Inclusion;
  onInclude: (next: Inclusion) => void;
}) {
  const { t } = useLingui();
  const total = classes.reduce((n, c) => n + c.no_marks.length, 0);
  const toggle = (classId: string, on: boolean) =>
    onInclude({
      all: include.all,
      classes: on ? [...include.classes, classId] : include.classes.filter((c) => c !== classId),
    });
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {total === 1
          ? t`${total} student has missing results: no marks entered. They are left out of posting (no report card) unless you include their class.`
          : t`${total} students have missing results: no marks entered. They are left out of posting (no report card) unless you include their class.`}
      </Typography>
      {posted && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Trans>
            Ticked: what the current posting included. Un-ticking a class takes its cards away from families
            who can read them now.
          </Trans>
        </Typography>
      )}
      {classes.length > 1 && (
        <FormControlLabel
          sx={TOUCH}
          control={
            <Checkbox
              checked={include.all}
              onChange={(e) => onInclude({ ...include, all: e.target.checked })}
            />
          }
          label={t`Include every class`}
        />
      )}
      <Box component="ul" aria-label={t(LISTED)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {classes.map((c) => {
          const group = c.class_id || t`students in no class`;
          const listName = c.class_id || t`No class`;
          const noMarks = c.no_marks.length;
          const students = c.students;
          const more = c.no_marks.length - SHOWN;
          return (
            <Box component="li" key={c.class_id} sx={{ mt: 1 }}>
              <FormControlLabel
                sx={TOUCH}
                control={
                  <Checkbox
                    checked={include.all || include.classes.includes(c.class_id)}
                    disabled={include.all}
                    onChange={(e) => toggle(c.class_id, e.target.checked)}
                  />
                }
                label={t`Include ${group} (${noMarks} of ${students} with no marks)`}
              />
              <Box component="ul" tabIndex={0} aria-label={t`${listName}: no marks`} sx={listSx}>
                {c.no_marks.slice(0, SHOWN).map((s) => (
                  <li key={s.id}>
                    {s.name} ({s.id}): {noMarksReasonLabel[s.reason]}
                  </li>
                ))}
                {c.no_marks.length > SHOWN && <li>{t`and ${more} more`}</li>}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Alert>
  );
}
