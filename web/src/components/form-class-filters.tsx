import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';

/** "All": no filter. */
export const ALL = '';
/** "All" shows as the chosen value, so an untouched filter reads as what it does. */
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

interface Props {
  classes: UseQueryResult<readonly { class_id: string; form_level: number }[]>;
  formLevel: string;
  classId: string;
  /** A new form level clears the class, which may not be in it. */
  onChange: (filters: { formLevel: string; classId: string }) => void;
}

/** Form level and class, each "All" by default; the class list follows the chosen form level. */
export function FormClassFilters({ classes, formLevel, classId, onChange }: Props) {
  const levels = useMemo(
    () => [...new Set((classes.data ?? []).map((c) => c.form_level))].sort((a, b) => a - b),
    [classes.data],
  );
  const classChoices = (classes.data ?? []).filter(
    (c) => formLevel === ALL || String(c.form_level) === formLevel,
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}>
      <TextField
        select
        label={t`Form level`}
        value={formLevel}
        slotProps={showAll}
        onChange={(e) => onChange({ formLevel: e.target.value, classId: ALL })}
        sx={{ minWidth: 160, flex: '1 1 160px' }}
      >
        <MenuItem value={ALL}>{t`All`}</MenuItem>
        {levels.map((level) => (
          <MenuItem key={level} value={String(level)}>
            {t`Form ${level}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t`Class`}
        value={classId}
        slotProps={showAll}
        onChange={(e) => onChange({ formLevel, classId: e.target.value })}
        sx={{ minWidth: 160, flex: '1 1 160px' }}
      >
        <MenuItem value={ALL}>{t`All`}</MenuItem>
        {classChoices.map((c) => (
          <MenuItem key={c.class_id} value={c.class_id}>
            {c.class_id}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
