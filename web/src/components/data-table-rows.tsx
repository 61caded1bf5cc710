import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, type RefObject } from 'react';
import type { DataColumn } from './data-table-head';

const cellStyle = {
  padding: '6px 16px',
  borderBottom: '1px solid rgba(224, 224, 224, 1)',
  fontSize: '0.875rem',
  lineHeight: 1.43,
  verticalAlign: 'middle',
} as const;

interface RowProps<Row> {
  row: Row;
  columns: readonly DataColumn<Row>[];
}

// Plain cells keep a table of a couple of thousand rows quick to draw and to filter.
function PlainRow<Row>({ row, columns }: RowProps<Row>) {
  return (
    <tr>
      {columns.map((column) => (
        <td key={column.key} style={cellStyle}>
          {column.render ? column.render(row) : column.value(row)}
        </td>
      ))}
    </tr>
  );
}
const MemoRow = memo(PlainRow) as typeof PlainRow;

interface RowsProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The scrolling container: only the rows in view (and a few around them) are drawn. */
  scrollRef: RefObject<HTMLElement | null>;
}

const ROW_HEIGHT = 37;
/** Before layout (or with none, as in a test's DOM) the table still draws a first screenful of rows. */
const FIRST_SCREEN = { width: 1000, height: 20 * ROW_HEIGHT };

/**
 * The visible rows of a long table, with spacer rows above and below keeping the scroll height right, so a
 * school of several thousand students scrolls and filters without drawing every row.
 */
export function DataTableRows<Row>({ rows, columns, rowKey, scrollRef }: RowsProps<Row>) {
  // No React Compiler here; the virtualizer is read fresh on every render, as its docs intend.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: FIRST_SCREEN,
    observeElementRect: (instance, onChange) =>
      observeElementRect(instance, (rect) => onChange(rect.height > 0 ? rect : FIRST_SCREEN)),
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 && <tr aria-hidden style={{ height: before }} />}
      {items.map((item) => {
        const row = rows[item.index]!;
        return <MemoRow key={rowKey(row)} row={row} columns={columns} />;
      })}
      {after > 0 && <tr aria-hidden style={{ height: after }} />}
    </>
  );
}

export function StatusRow({
  colSpan,
  busy,
  children,
}: {
  colSpan: number;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 4 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }} role="status">
          {busy && <CircularProgress size={24} aria-hidden />}
          {children}
        </Box>
      </TableCell>
    </TableRow>
  );
}
