import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CLASS_LABEL,
  RESULT_COLUMNS,
  SUMMARY_COLUMNS,
  type ResultPreview,
  type ResultPreviewRow,
} from '@sp/domain';
import { useMemo, useState } from 'react';
import { PreviewTable, type PreviewColumn } from '../../components/file-import/preview-table';
import {
  CountChips,
  RowErrors,
  StatusChip,
  type StatusLook,
} from '../../components/file-import/status-chips';

const PAGE_SIZE = 50;
type Status = ResultPreviewRow['status'];
const STATUS: Record<Status, StatusLook> = {
  error: { label: 'Error', color: 'error' },
  new: { label: 'New', color: 'success' },
  changed: { label: 'Changed', color: 'primary' },
  unchanged: { label: 'Unchanged', color: 'default' },
  blank: { label: 'Not entered', color: 'default' },
};
const STATUSES = Object.keys(STATUS) as Status[];
const LABELS = new Map<string, string>([
  ...[...RESULT_COLUMNS, ...SUMMARY_COLUMNS].map((c): [string, string] => [c.name, c.label]),
  ['class_id', CLASS_LABEL],
]);
const countOf = (counts: ResultPreview['counts'], s: Status) => counts[s === 'error' ? 'errors' : s];

/** A changed row: each field old → new ("(none)" where nothing was stored or is written). */
function Details({ row }: { row: ResultPreviewRow }) {
  if (row.errors.length) return <RowErrors errors={row.errors} labels={LABELS} />;
  if (!row.changes.length) return row.shown;
  return row.changes.map((c) => (
    <div key={c.field}>
      {LABELS.get(c.field) ?? c.field}: {c.from || '(none)'} → <strong>{c.to || '(none)'}</strong>
    </div>
  ));
}

const COLUMNS: PreviewColumn<ResultPreviewRow>[] = [
  {
    header: 'Row',
    cell: (r) => `${r.sheet === 'summaries' ? 'Summary ' : ''}${r.line}`,
    cellSx: { whiteSpace: 'nowrap' },
  },
  { header: 'Status', cell: (r) => <StatusChip look={STATUS[r.status]} /> },
  { header: 'Details', cell: (r) => <Details row={r} />, headSx: { minWidth: { xs: 150, sm: 220 } } },
  { header: 'ID', cell: (r) => r.student_id, cellSx: { whiteSpace: 'nowrap' } },
  { header: 'Subject', cell: (r) => r.subject },
  { header: 'Name', cell: (r) => r.name, cellSx: { whiteSpace: 'nowrap' } },
];

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
      <CountChips counts={STATUSES.map((s) => ({ key: s, ...STATUS[s], count: countOf(counts, s) }))} />
      <PreviewTable
        columns={COLUMNS}
        rows={visible.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)}
        rowKey={(r) => `${r.sheet}-${r.line}`}
        filter={{
          id: 'results-row-filter',
          value: filter,
          options: [
            { value: 'all', label: `All rows (${total})` },
            ...STATUSES.map((s) => ({ value: s, label: STATUS[s].label })),
          ],
          onChange: (value) => {
            setFilter(value as Status | 'all');
            setPage(0);
          },
        }}
        note={
          total > rows.length && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              Showing the first {rows.length} of {total.toLocaleString('en-US')} rows: errors first, then
              changes. Fix the errors in the file and choose it again to see the rest.
            </Typography>
          )
        }
        pagination={{ count: visible.length, page, pageSize: PAGE_SIZE, onPageChange: setPage }}
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
