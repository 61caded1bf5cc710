import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ACTOR_KIND_LABELS, type StudentHistoryEntry } from '@sp/domain';
import { useSchoolMinutes } from '../../api/school-time';

/** Staff by their full name; a student by ID; the username only for an account no longer on file. */
const who = (e: StudentHistoryEntry) =>
  e.actor_name ?? [ACTOR_KIND_LABELS[e.actor_kind] ?? e.actor_kind, e.actor_id].filter(Boolean).join(' ');
const what = (e: StudentHistoryEntry) => (e.field_label ? `${e.what}: ${e.field_label}` : e.what);
/**
 * A change of a named field (a save, an import, a check, a term result) reads old → new, whatever the values
 * are; an upload or a list of marks is its one value.
 */
function change(e: StudentHistoryEntry, i18n: I18n): string {
  if (e.old_value === null && e.new_value === null) return '';
  if (e.field === null || e.action === 'upload') return e.new_value ?? '';
  const empty = i18n._(msg`(empty)`);
  return `${e.old_value ?? empty} → ${e.new_value ?? empty}`;
}

interface Props {
  entries: readonly StudentHistoryEntry[];
}

/** A table on a wide screen; one card per entry on a phone (D21). */
export function HistoryEntries({ entries }: Props) {
  const { t, i18n } = useLingui();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const when = useSchoolMinutes();
  if (narrow) {
    return (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {entries.map((e) => (
          <Paper component="li" variant="outlined" key={e.id} sx={{ p: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {when(e.at)} · {who(e)}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{what(e)}</Typography>
            {change(e, i18n) && <Typography sx={{ overflowWrap: 'anywhere' }}>{change(e, i18n)}</Typography>}
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t`History`}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 150 }}>
              <Trans>When</Trans>
            </TableCell>
            <TableCell sx={{ width: 160 }}>
              <Trans>Who</Trans>
            </TableCell>
            <TableCell>
              <Trans>What</Trans>
            </TableCell>
            <TableCell>
              <Trans>Change</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.at)}</TableCell>
              <TableCell>{who(e)}</TableCell>
              <TableCell>{what(e)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{change(e, i18n)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
