import Chip from '@mui/material/Chip';
import type { OutboxStatus } from '@sp/domain';
import { STATUS_COLORS, STATUS_LABELS } from './labels';

export function StatusChip({ status }: { status: OutboxStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={STATUS_LABELS[status]} />;
}
