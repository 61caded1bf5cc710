import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ResultClasses } from '@sp/domain';
import { Trans } from '@lingui/react/macro';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (classId: string) => void;
  data: ResultClasses | undefined;
  /** Offer the whole school as '' (templates); left out, a class must be chosen (the grid). */
  allLabel?: string;
}

const ALL = '*';

/** The class shown before one is chosen: a staff member with classes starts on their first; others on none. */
export const firstClass = (data: ResultClasses | undefined): string =>
  data?.restricted ? (data.classes[0]?.class_id ?? '') : '';

/** A class, the staff member's own first (D44). */
export function ClassChoice({ id, label, value, onChange, data, allLabel }: Props) {
  const mine = (data?.classes ?? []).filter((c) => c.mine);
  const others = (data?.classes ?? []).filter((c) => !c.mine);
  const item = (c: { class_id: string }) => (
    <MenuItem key={c.class_id} value={c.class_id}>
      {c.class_id}
    </MenuItem>
  );
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      // MUI shows an empty value as no choice at all, so the whole school is '*' inside the field.
      value={data ? value || (allLabel ? ALL : '') : ''}
      onChange={(e) => onChange(e.target.value === ALL ? '' : e.target.value)}
      sx={{ minWidth: 180 }}
    >
      {mine.length > 0 && (
        <ListSubheader>
          <Trans>My classes</Trans>
        </ListSubheader>
      )}
      {mine.map(item)}
      {allLabel && !data?.restricted && <MenuItem value={ALL}>{allLabel}</MenuItem>}
      {mine.length > 0 && others.length > 0 && (
        <ListSubheader>
          <Trans>Other classes</Trans>
        </ListSubheader>
      )}
      {others.map(item)}
    </TextField>
  );
}
