import type { ImportCounts, ImportRowStatus } from '@sp/domain';
import { CountChips } from '../../components/file-import/status-chips';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

export const STATUS_LABELS: Record<ImportRowStatus, MessageDescriptor> = {
  new: msg`New`,
  changed: msg`Changed`,
  unchanged: msg`Unchanged`,
  error: msg`Error`,
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
  const { i18n } = useLingui();
  return (
    <CountChips
      counts={(Object.keys(COUNT_OF) as ImportRowStatus[]).map((status) => ({
        key: status,
        label: i18n._(STATUS_LABELS[status]),
        color: STATUS_COLORS[status],
        count: counts[COUNT_OF[status]],
      }))}
    />
  );
}
