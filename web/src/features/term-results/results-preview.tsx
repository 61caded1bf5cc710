import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CLASS_LABEL,
  RESULT_COLUMNS,
  SUMMARY_COLUMNS,
  type ResultPreview,
  type ResultPreviewRow,
} from '@sp/domain';
import { useMemo, useState } from 'react';
import { ScrollBox } from '../../components/scroll-box';

const PAGE_SIZE = 50;
type Status = ResultPreviewRow['status'];
const STATUS: Record<Status, { label: string; color: 'success' | 'primary' | 'default' | 'error' }> = {
  error: { label: 'Error', color: 'error' },
  new: { label: 'New', color: 'success' },
  changed: { label: 'Changed', color: 'primary' },
  unchanged: { label: 'Unchanged', color: 'default' },
  blank: { label: 'Not entered', color: 'default' },
};
const LABELS = new Map<string, string>([
  ...[...RESULT_COLUMNS, ...SUMMARY_COLUMNS].map((c): [string, string] => [c.name, c.label]),
  ['class_id', CLASS_LABEL],
]);
const countOf = (counts: ResultPreview['counts'], s: Status) => counts[s === 'error' ? 'errors' : s];

/** A changed row: each field old → new ("(none)" where nothing was stored or is written). */
function Details({ row }: { row: ResultPreviewRow }) {
  if (row.errors.length)
    return row.errors.map((e) => (
      <div key={`${e.field}${e.message}`}>
        {LABELS.get(e.field) ? `${LABELS.get(e.field)}: ` : ''}
        {e.message}
      </div>
    ));
  if (!row.changes.length) return row.shown;
  return row.changes.map((c) => (
    <div key={c.field}>
      {LABELS.get(c.field) ?? c.field}: {c.from || '(none)'} → <strong>{c.to || '(none)'}</strong>
    </div>
  ));
}

/** What a term's file would do, row by row; errors first. Nothing is written until Import. */
export function ResultsPreview({
  preview,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: ResultPreview;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { counts, rows, total_rows: total } = preview;
  const [filter, setFilter] = useState<Status | 'all'>(counts.errors ? 'error' : 'all');
  const [page, setPage] = useState(0);
  const visible = useMemo(
    () => (filter === 'all' ? rows : rows.filter((r) => r.status === filter)),
    [rows, filter],
  );
  const writes = counts.new + counts.changed;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        Preview of {preview.file_name}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Nothing is saved until you import. Rows with errors are left out.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(Object.keys(STATUS) as Status[]).map((s) => (
          <Chip
            key={s}
            variant="outlined"
            color={STATUS[s].color}
            label={`${STATUS[s].label}: ${countOf(counts, s)}`}
          />
        ))}
      </Stack>
      <TextField
        select
        size="small"
        id="results-row-filter"
        label="Show rows"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value as Status | 'all');
          setPage(0);
        }}
        slotProps={{ select: { native: true } }}
        sx={{ my: 2, minWidth: 200 }}
      >
        <option value="all">All rows ({total})</option>
        {(Object.keys(STATUS) as Status[]).map((s) => (
          <option key={s} value={s}>
            {STATUS[s].label}
          </option>
        ))}
      </TextField>
      {total > rows.length && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Showing the first {rows.length} of {total.toLocaleString('en-US')} rows: errors first, then changes.
          Fix the errors in the file and choose it again to see the rest.
        </Typography>
      )}
      <ScrollBox label="Rows of the file, scrollable">
        <Table size="small" aria-label="Rows of the file">
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Status</TableCell>
              <TableCell sx={{ minWidth: { xs: 150, sm: 220 } }}>Details</TableCell>
              <TableCell>ID</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Name</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((r) => (
              <TableRow key={`${r.sheet}-${r.line}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {r.sheet === 'summaries' ? 'Summary ' : ''}
                  {r.line}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS[r.status].color} label={STATUS[r.status].label} />
                </TableCell>
                <TableCell>
                  <Details row={r} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.student_id}</TableCell>
                <TableCell>{r.subject}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.name}</TableCell>
              </TableRow>
            ))}
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No rows to show.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ScrollBox>
      <TablePagination
        component="div"
        count={visible.length}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_e, p) => setPage(p)}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" onClick={onConfirm} disabled={busy || writes === 0}>
          Import {writes} row{writes === 1 ? '' : 's'}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Paper>
  );
}
