import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ImportCounts, ImportRowStatus } from '@sp/domain';

export const STATUS_LABELS: Record<ImportRowStatus, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  error: 'Error',
};

export const STATUS_COLORS = {
  new: 'success',
  changed: 'primary',
  unchanged: 'default',
  error: 'error',
} as const satisfies Record<ImportRowStatus, string>;

export const COUNT_OF: Record<ImportRowStatus, keyof ImportCounts> = {
  new: 'added',
  changed: 'changed',
  unchanged: 'unchanged',
  error: 'errors',
};

/** The rows of a file by what importing does with them. */
export function ImportCountChips({ counts }: { counts: ImportCounts }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(Object.keys(COUNT_OF) as ImportRowStatus[]).map((status) => (
        <Chip
          key={status}
          color={STATUS_COLORS[status]}
          variant="outlined"
          label={`${STATUS_LABELS[status]}: ${counts[COUNT_OF[status]]}`}
        />
      ))}
    </Stack>
  );
}
