import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompletionCounts, CompletionItem } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCompletion, type PendingFilter } from './api/get-completion';
import { completionItems, doneCount } from './completion-items';

interface Props {
  onFilter: (filter: PendingFilter) => void;
}

const percent = (done: number, of: number) => (of === 0 ? 0 : Math.round((done / of) * 100));

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
  const done = doneCount(counts, item);
  const left = counts.students - done;
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
          {` done. ${left > 0 ? `Show the ${left} not done` : 'All done'}`}
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
  const completion = useCompletion();
  const [item, setItem] = useState<CompletionItem>('submit');
  return (
    <Paper component="section" aria-labelledby="completion-title" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="completion-title" variant="h6" component="h2" sx={{ mr: 'auto' }}>
          Registration progress
        </Typography>
        <TextField
          select
          size="small"
          id="completion-item"
          label="Show"
          value={item}
          onChange={(event) => setItem(event.target.value as CompletionItem)}
          sx={{ minWidth: 240 }}
        >
          {completionItems.map((i) => (
            <MenuItem key={i.item} value={i.item}>
              {i.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {completion.isError && (
        <Alert severity="error">The figures could not be loaded. {errorMessage(completion.error)}</Alert>
      )}
      {completion.isPending && <LinearProgress aria-label="Loading the figures" />}
      {completion.data && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' },
            columnGap: 3,
          }}
        >
          <Bar
            label="School"
            counts={completion.data.school}
            item={item}
            onClick={() => onFilter({ item, classId: null })}
          />
          {completion.data.classes.map((c) => (
            <Bar
              key={c.class_id}
              label={c.class_id || 'No class'}
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
