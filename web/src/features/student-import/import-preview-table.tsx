import {
  IMPORT_COLUMNS,
  type ImportCounts,
  type ImportPreview,
  type ImportRow,
  type ImportRowFilter,
} from '@sp/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PreviewTable, type PreviewColumn } from '../../components/file-import/preview-table';
import { RowErrors, StatusChip } from '../../components/file-import/status-chips';
import { COUNT_OF, STATUS_COLORS, STATUS_LABELS } from './import-counts';

const FILTERS: ImportRowFilter[] = ['all', 'error', 'new', 'changed', 'unchanged'];
const rowsOf = (counts: ImportCounts, filter: ImportRowFilter) =>
  filter === 'all'
    ? counts.added + counts.changed + counts.unchanged + counts.errors
    : counts[COUNT_OF[filter]];
const LABELS = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.name, c.label]));

function Details({ row }: { row: ImportRow }) {
  const { t } = useLingui();
  const shown = (value: string | null) => value ?? t`(blank)`;
  if (row.errors.length) return <RowErrors errors={row.errors} labels={LABELS} />;
  return row.changes.map((c) => (
    <div key={c.field}>
      {c.label}: {shown(c.from)} → {shown(c.to)}
    </div>
  ));
}

/** Status and reason come before the name; on a phone the reason has a line of its own. */
const columns = (i18n: I18n): PreviewColumn<ImportRow>[] => [
  { header: i18n._(msg`Row`), cell: (row) => row.line },
  { header: i18n._(msg`ID`), cell: (row) => row.id, cellSx: { whiteSpace: 'nowrap' } },
  {
    header: i18n._(msg`Status`),
    cell: (row) => (
      <StatusChip look={{ label: i18n._(STATUS_LABELS[row.status]), color: STATUS_COLORS[row.status] }} />
    ),
  },
  {
    header: i18n._(msg`Details`),
    cell: (row) => <Details row={row} />,
    wide: true,
    headSx: { minWidth: 220 },
    cellSx: { overflowWrap: 'anywhere' },
  },
  { header: i18n._(msg`Name`), cell: (row) => row.name, wide: true, cellSx: { whiteSpace: 'nowrap' } },
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
  const { t, i18n } = useLingui();
  const { rows, status: filter, counts } = preview;
  return (
    <PreviewTable
      columns={columns(i18n)}
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
        options: FILTERS.map((f) => {
          const name = f === 'all' ? t`All rows` : i18n._(STATUS_LABELS[f]);
          return { value: f, label: `${name} (${rowsOf(counts, f).toLocaleString('en-US')})` };
        }),
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
