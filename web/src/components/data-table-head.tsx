import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  key: string;
  header: string;
  /** The text shown, searched and sorted on. */
  value: (row: Row) => string;
  width?: number;
  /** Shown instead of the text (row actions); such a column is neither searched nor sorted. */
  render?: (row: Row) => ReactNode;
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function sortRows<Row>(
  rows: Row[],
  columns: readonly DataColumn<Row>[],
  sort: SortState | null,
): Row[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => sign * collator.compare(column.value(a), column.value(b)));
}

/** Ascending, then descending (unless only ascending is offered), then back to the order the rows came in. */
function nextSort(current: SortState | null, key: string, ascendingOnly: boolean): SortState | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' && !ascendingOnly ? { key, direction: 'desc' } : null;
}

interface Props<Row> {
  columns: readonly DataColumn<Row>[];
  sort: SortState | null;
  onSort: (sort: SortState | null) => void;
  /** Only these columns sort, and only ascending (the server sorts a list it pages). */
  serverSortKeys?: ReadonlySet<string> | undefined;
}

export function DataTableHead<Row>({ columns, sort, onSort, serverSortKeys }: Props<Row>) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const active = sort?.key === column.key;
          return (
            <TableCell
              key={column.key}
              sx={{ width: column.width, fontWeight: 600, whiteSpace: 'nowrap' }}
              aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {column.render || (serverSortKeys && !serverSortKeys.has(column.key)) ? (
                column.header
              ) : (
                <TableSortLabel
                  active={active}
                  direction={active ? sort.direction : 'asc'}
                  onClick={() => onSort(nextSort(sort, column.key, Boolean(serverSortKeys)))}
                >
                  {column.header}
                </TableSortLabel>
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
