import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

export interface StatusLook {
  label: string;
  color: ChipProps['color'];
}

/** How many rows of a file have each status, one outlined chip a status. */
export function CountChips({ counts }: { counts: readonly (StatusLook & { key: string; count: number })[] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {counts.map((c) => (
        <Chip key={c.key} color={c.color} variant="outlined" label={`${c.label}: ${c.count}`} />
      ))}
    </Stack>
  );
}

/** One row's status. */
export function StatusChip({ look }: { look: StatusLook }) {
  return <Chip size="small" color={look.color} label={look.label} />;
}

/** The reasons a row is refused, each under the label of its column where it has one. */
export function RowErrors({
  errors,
  labels,
}: {
  errors: readonly { field: string; message: string }[];
  labels: ReadonlyMap<string, string>;
}) {
  return errors.map((e) => (
    <div key={`${e.field}${e.message}`}>
      {labels.get(e.field) ? `${labels.get(e.field)}: ` : ''}
      {e.message}
    </div>
  ));
}
