import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DOCUMENT_DONE_NOTE,
  DOCUMENT_LABELS,
  type Completion,
  type CompletionCounts,
  type CompletionItem,
} from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatCount } from '../../components/format-count';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCompletion } from './api/get-completion';
import type { PendingFilter } from './api/query-keys';
import { completionItems, doneCount } from './completion-items';

interface Props {
  onFilter: (filter: PendingFilter) => void;
}

const percent = (done: number, of: number) => (of === 0 ? 0 : Math.round((done / of) * 100));

/** Up to this many classes the dashboard shows them all; a bigger school sees those furthest behind. */
export const ALL_CLASSES_MAX = 24;
/** How many classes a bigger school sees at first: those furthest behind. */
const BEHIND_SHOWN = 12;
/** The most classes shown while finding a class by the start of its name. */
const FOUND_MAX = 60;

type ClassCounts = Completion['classes'][number];

/**
 * The classes to draw: all of a small school; of a big one, those whose name starts with what was typed,
 * or else the ones furthest behind on `item` (the smallest share done), unless staff asked for every class.
 */
function classesToShow(
  classes: ClassCounts[],
  item: CompletionItem,
  find: string,
  all: boolean,
): { shown: ClassCounts[]; note: MessageDescriptor } {
  const typed = find.trim();
  const total = formatCount(classes.length);
  if (classes.length <= ALL_CLASSES_MAX || (all && !typed))
    return { shown: classes, note: msg`All ${total} classes.` };
  if (typed) {
    const key = typed.toUpperCase();
    const found = classes.filter((c) => c.class_id.toUpperCase().startsWith(key));
    const more = found.length - FOUND_MAX;
    const foundCount = formatCount(found.length);
    return {
      shown: found.slice(0, FOUND_MAX),
      note:
        found.length === 0
          ? msg`No class starts with "${typed}".`
          : more > 0
            ? msg`${foundCount} classes start with "${typed}": the first ${FOUND_MAX} shown; type more of the name.`
            : found.length === 1
              ? msg`${foundCount} class starts with "${typed}".`
              : msg`${foundCount} classes start with "${typed}".`,
    };
  }
  const share = (c: ClassCounts) => (c.students === 0 ? 1 : doneCount(c, item) / c.students);
  const behind = [...classes].sort((a, b) => share(a) - share(b) || a.class_id.localeCompare(b.class_id));
  return {
    shown: behind.slice(0, BEHIND_SHOWN),
    note: msg`The ${BEHIND_SHOWN} classes furthest behind, of ${total}.`,
  };
}

function Bar({
  label,
  counts,
  item,
  onClick,
}: {
  label: string;
  counts: CompletionCounts;
  item: CompletionItem;
  onClick: () => void;
}) {
  const { t } = useLingui();
  const done = doneCount(counts, item);
  const left = counts.students - done;
  const hidden = left > 0 ? t`done. Show the ${left} not done` : t`done. All done`;
  return (
    <ButtonBase
      onClick={onClick}
      disabled={left === 0}
      sx={{
        display: 'grid',
        gridTemplateColumns: '4.5rem 1fr 4.5rem',
        alignItems: 'center',
        gap: 1,
        width: '100%',
        px: 1,
        py: 0.5,
        borderRadius: 1,
        textAlign: 'left',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent(done, counts.students)}
        sx={{ height: 8, borderRadius: 4 }}
        aria-hidden
      />
      <Typography variant="body2" sx={{ textAlign: 'right' }}>
        {done}/{counts.students}
        <Box component="span" sx={visuallyHidden}>
          {` ${hidden}`}
        </Box>
      </Typography>
    </ButtonBase>
  );
}

/**
 * The first thing staff see: for one step, document or the terms, how far each class has got. A class (or
 * the school) opens the list of students who have not done it yet, for the form teacher to chase.
 */
export function CompletionDashboard({ onFilter }: Props) {
  const { t, i18n } = useLingui();
  const completion = useCompletion();
  const [item, setItem] = useState<CompletionItem>('submit');
  const [find, setFind] = useState('');
  const [all, setAll] = useState(false);
  const classes = completion.data?.classes ?? [];
  const many = classes.length > ALL_CLASSES_MAX;
  const { shown, note } = classesToShow(classes, item, find, all);
  const problem = completion.isError ? errorMessage(completion.error) : '';
  const classCount = formatCount(classes.length);
  return (
    <Paper component="section" aria-labelledby="completion-title" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="completion-title" variant="h6" component="h2" sx={{ mr: 'auto' }}>
          <Trans>Registration progress</Trans>
        </Typography>
        <TextField
          select
          size="small"
          id="completion-item"
          label={t`Show`}
          value={item}
          onChange={(event) => setItem(event.target.value as CompletionItem)}
          sx={{ minWidth: 240 }}
        >
          {completionItems.map((i) => (
            <MenuItem key={i.item} value={i.item}>
              {i18n._(i.label)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {item in DOCUMENT_LABELS && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {DOCUMENT_DONE_NOTE}
        </Typography>
      )}
      {completion.isError && (
        <Alert severity="error">
          <Trans>The figures could not be loaded. {problem}</Trans>
        </Alert>
      )}
      {completion.isPending && <LinearProgress aria-label={t`Loading the figures`} />}
      {completion.data && many && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, my: 1 }}>
          <TextField
            size="small"
            id="completion-find-class"
            label={t`Find a class`}
            value={find}
            onChange={(event) => setFind(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'off' } }}
          />
          {/* Always in the page, so a screen reader announces each change of what is shown. */}
          <Typography variant="body2" color="text.secondary" role="status">
            {i18n._(note)}
          </Typography>
          {!find.trim() && (
            <Button size="small" onClick={() => setAll((a) => !a)} sx={{ ml: 'auto' }}>
              {all ? t`Show the classes furthest behind` : t`Show all ${classCount} classes`}
            </Button>
          )}
        </Box>
      )}
      {completion.data && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' },
            columnGap: 3,
          }}
        >
          <Bar
            label={t`School`}
            counts={completion.data.school}
            item={item}
            onClick={() => onFilter({ item, classId: null })}
          />
          {shown.map((c) => (
            <Bar
              key={c.class_id}
              label={c.class_id || t`No class`}
              counts={c}
              item={item}
              onClick={() => onFilter({ item, classId: c.class_id })}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
