import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { memo, type ReactNode } from 'react';
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
          {column.value(row)}
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
}

export function DataTableRows<Row>({ rows, columns, rowKey }: RowsProps<Row>) {
  return (
    <>
      {rows.map((row) => (
        <MemoRow key={rowKey(row)} row={row} columns={columns} />
      ))}
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
