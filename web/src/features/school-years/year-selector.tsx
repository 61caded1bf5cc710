import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSchoolYear } from './use-school-year';

/**
 * The school year a staff view shows, current by default (D49). Hidden until the years are known, and for a
 * staff member the list of years is not open to (the current year is all they see).
 */
export function YearSelector() {
  const { t } = useLingui();
  const { years, year, setYear } = useSchoolYear();
  const list = years.data;
  if (!list || list.length === 0) return null;
  const current = list.find((y) => y.state === 'current');
  return (
    <TextField
      select
      size="small"
      label={t`School year`}
      value={String(year ?? current?.year ?? '')}
      onChange={(event) => {
        const chosen = Number(event.target.value);
        setYear(chosen === current?.year ? undefined : chosen);
      }}
      sx={{ minWidth: 180 }}
    >
      {list.map((y) => {
        const label = y.label;
        return (
          <MenuItem key={y.year} value={String(y.year)}>
            {y.state === 'current' ? t`${label} (current)` : label}
          </MenuItem>
        );
      })}
    </TextField>
  );
}

/** A closed year's note, where the view's write controls would be. */
export function ClosedYearNote() {
  const { note } = useSchoolYear();
  return note ? (
    <Alert severity="info" sx={{ mb: 2 }}>
      {note}
    </Alert>
  ) : null;
}

/** A panel's heading with the year selector beside it, and a closed year's note below. */
export function YearHeading({ children }: { children: ReactNode }) {
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography variant="h5" component="h1">
          {children}
        </Typography>
        <YearSelector />
      </Box>
      <ClosedYearNote />
    </>
  );
}
