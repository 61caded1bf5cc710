import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { OUTBOX_STATUSES, type OutboxPage, type OutboxStatus } from '@sp/domain';
import { STATUS_LABELS } from './labels';

interface Props {
  value: OutboxStatus | undefined;
  counts: OutboxPage['counts'] | undefined;
  onChange: (status: OutboxStatus | undefined) => void;
}

/** All, or one status, each with how many messages have it; wraps onto more lines on a phone. */
export function StatusFilter({ value, counts, onChange }: Props) {
  const { t, i18n } = useLingui();
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const options: { status: OutboxStatus | undefined; label: string; count: number | undefined }[] = [
    { status: undefined, label: t`All`, count: total },
    ...OUTBOX_STATUSES.map((status) => ({
      status,
      label: i18n._(STATUS_LABELS[status]),
      count: counts?.[status],
    })),
  ];
  return (
    <Box role="group" aria-label={t`Status`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {options.map(({ status, label, count }) => {
        const selected = status === value;
        return (
          <Chip
            key={label}
            label={count === undefined ? label : `${label} ${count}`}
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onChange(status)}
          />
        );
      })}
    </Box>
  );
}
