import type { ImportCounts, ImportRowStatus } from '@sp/domain';
import { CountChips } from '../../components/file-import/status-chips';

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
    <CountChips
      counts={(Object.keys(COUNT_OF) as ImportRowStatus[]).map((status) => ({
        key: status,
        label: STATUS_LABELS[status],
        color: STATUS_COLORS[status],
        count: counts[COUNT_OF[status]],
      }))}
    />
  );
}
