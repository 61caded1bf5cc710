import { useLingui } from '@lingui/react/macro';
import Chip from '@mui/material/Chip';
import type { OutboxStatus } from '@sp/domain';
import { STATUS_COLORS, STATUS_LABELS } from './labels';

export function StatusChip({ status }: { status: OutboxStatus }) {
  const { i18n } = useLingui();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={i18n._(STATUS_LABELS[status])}
    />
  );
}
