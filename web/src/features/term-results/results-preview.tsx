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
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const PAGE_SIZE = 50;
type Status = ResultPreviewRow['status'];
/** Each status's look, its label translated where it is shown (`look`). */
const STATUS: Record<Status, { label: MessageDescriptor; color: StatusLook['color'] }> = {
  error: { label: msg`Error`, color: 'error' },
  new: { label: msg`New`, color: 'success' },
  changed: { label: msg`Changed`, color: 'primary' },
  unchanged: { label: msg`Unchanged`, color: 'default' },
  blank: { label: msg`Not entered`, color: 'default' },
};
const look = (i18n: I18n, s: Status): StatusLook => ({
  label: i18n._(STATUS[s].label),
  color: STATUS[s].color,
});
const STATUSES = Object.keys(STATUS) as Status[];
const LABELS = new Map<string, string>([
  ...[...RESULT_COLUMNS, ...SUMMARY_COLUMNS].map((c): [string, string] => [c.name, c.label]),
  ['class_id', CLASS_LABEL],
]);
const countOf = (counts: ResultPreview['counts'], s: Status) => counts[s === 'error' ? 'errors' : s];

/** A changed row: each field old → new ("(none)" where nothing was stored or is written). */
function Details({ row }: { row: ResultPreviewRow }) {
  const { t } = useLingui();
  const none = t`(none)`;
  if (row.errors.length) return <RowErrors errors={row.errors} labels={LABELS} />;
  if (!row.changes.length) return row.shown;
  return row.changes.map((c) => (
    <div key={c.field}>
      {LABELS.get(c.field) ?? c.field}: {c.from || none} → <strong>{c.to || none}</strong>
    </div>
  ));
}

/** The preview's columns, their headers in the language in use. */
const columns = (i18n: I18n): PreviewColumn<ResultPreviewRow>[] => [
  {
    header: i18n._(msg`Row`),
    cell: (r) => {
      const line = r.line;
      return r.sheet === 'summaries' ? i18n._(msg`Summary ${line}`) : `${line}`;
    },
    cellSx: { whiteSpace: 'nowrap' },
  },
  { header: i18n._(msg`Status`), cell: (r) => <StatusChip look={look(i18n, r.status)} /> },
  {
    header: i18n._(msg`Details`),
    cell: (r) => <Details row={r} />,
    headSx: { minWidth: { xs: 150, sm: 220 } },
  },
  { header: i18n._(msg`ID`), cell: (r) => r.student_id, cellSx: { whiteSpace: 'nowrap' } },
  { header: i18n._(msg`Subject`), cell: (r) => r.subject },
  { header: i18n._(msg`Name`), cell: (r) => r.name, cellSx: { whiteSpace: 'nowrap' } },
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
  const { t, i18n } = useLingui();
  const { counts, rows, total_rows: total } = preview;
  const [filter, setFilter] = useState<Status | 'all'>(counts.errors ? 'error' : 'all');
  const [page, setPage] = useState(0);
  const visible = useMemo(
    () => (filter === 'all' ? rows : rows.filter((r) => r.status === filter)),
    [rows, filter],
  );
  const writes = counts.new + counts.changed;
  const fileName = preview.file_name;
  const shown = rows.length;
  const totalRows = total.toLocaleString('en-US');
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        <Trans>Preview of {fileName}</Trans>
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Trans>Nothing is saved until you import. Rows with errors are left out.</Trans>
      </Typography>
      <CountChips counts={STATUSES.map((s) => ({ key: s, ...look(i18n, s), count: countOf(counts, s) }))} />
      <PreviewTable
        columns={columns(i18n)}
        rows={visible.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)}
        rowKey={(r) => `${r.sheet}-${r.line}`}
        filter={{
          id: 'results-row-filter',
          value: filter,
          options: [
            { value: 'all', label: t`All rows (${total})` },
            ...STATUSES.map((s) => ({ value: s, label: i18n._(STATUS[s].label) })),
          ],
          onChange: (value) => {
            setFilter(value as Status | 'all');
            setPage(0);
          },
        }}
        note={
          total > rows.length && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              <Trans>
                Showing the first {shown} of {totalRows} rows: errors first, then changes. Fix the errors in
                the file and choose it again to see the rest.
              </Trans>
            </Typography>
          )
        }
        pagination={{ count: visible.length, page, pageSize: PAGE_SIZE, onPageChange: setPage }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" onClick={onConfirm} disabled={busy || writes === 0}>
          {writes === 1 ? <Trans>Import {writes} row</Trans> : <Trans>Import {writes} rows</Trans>}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
