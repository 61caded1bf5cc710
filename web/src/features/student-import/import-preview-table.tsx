import {
  IMPORT_COLUMNS,
  type ImportCounts,
  type ImportPreview,
  type ImportRow,
  type ImportRowFilter,
} from '@sp/domain';
import { PreviewTable, type PreviewColumn } from '../../components/file-import/preview-table';
import { RowErrors, StatusChip } from '../../components/file-import/status-chips';
import { COUNT_OF, STATUS_COLORS, STATUS_LABELS } from './import-counts';

const FILTERS: ImportRowFilter[] = ['all', 'error', 'new', 'changed', 'unchanged'];
const rowsOf = (counts: ImportCounts, filter: ImportRowFilter) =>
  filter === 'all'
    ? counts.added + counts.changed + counts.unchanged + counts.errors
    : counts[COUNT_OF[filter]];
const LABELS = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.name, c.label]));

const shown = (value: string | null) => value ?? '(blank)';

function Details({ row }: { row: ImportRow }) {
  if (row.errors.length) return <RowErrors errors={row.errors} labels={LABELS} />;
  return row.changes.map((c) => (
    <div key={c.field}>
      {c.label}: {shown(c.from)} → {shown(c.to)}
    </div>
  ));
}

/** Status and reason come before the name; on a phone the reason has a line of its own. */
const COLUMNS: PreviewColumn<ImportRow>[] = [
  { header: 'Row', cell: (row) => row.line },
  { header: 'ID', cell: (row) => row.id, cellSx: { whiteSpace: 'nowrap' } },
  {
    header: 'Status',
    cell: (row) => (
      <StatusChip look={{ label: STATUS_LABELS[row.status], color: STATUS_COLORS[row.status] }} />
    ),
  },
  {
    header: 'Details',
    cell: (row) => <Details row={row} />,
    wide: true,
    headSx: { minWidth: 220 },
    cellSx: { overflowWrap: 'anywhere' },
  },
  { header: 'Name', cell: (row) => row.name, wide: true, cellSx: { whiteSpace: 'nowrap' } },
];

interface Props {
  /** The page on screen: the server chose errors first when there are any. */
  preview: ImportPreview;
  loading?: boolean;
  onShow: (status: ImportRowFilter, page: number) => void;
}

/**
 * The preview, row by row, a page at a time from the server, so the reason is read on a phone without
 * scrolling sideways.
 */
export function ImportPreviewTable({ preview, loading = false, onShow }: Props) {
  const { rows, status: filter, counts } = preview;
  return (
    <PreviewTable
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.line}
      narrow={(row) => (
        <>
          {row.name && <div>{row.name}</div>}
          <Details row={row} />
        </>
      )}
      filter={{
        id: 'import-row-filter',
        value: filter,
        options: FILTERS.map((f) => ({
          value: f,
          label: `${f === 'all' ? 'All rows' : STATUS_LABELS[f]} (${rowsOf(counts, f).toLocaleString('en-US')})`,
        })),
        onChange: (value) => onShow(value as ImportRowFilter, 0),
      }}
      pagination={{
        count: preview.total,
        page: preview.page,
        pageSize: preview.page_size,
        onPageChange: (p) => onShow(filter, p),
      }}
      loading={loading}
      outlined
    />
  );
}
