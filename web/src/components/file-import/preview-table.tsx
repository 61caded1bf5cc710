import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Fragment, type ReactNode } from 'react';
import { ScrollBox } from '../scroll-box';
import { t } from '@lingui/core/macro';

/** On a phone a wide column's content takes a line of its own under the row, wrapped to the screen. */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW = { display: { xs: 'table-row', sm: 'none' } } as const;

type CellSx = TableCellProps['sx'];

export interface PreviewColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  headSx?: CellSx;
  cellSx?: CellSx;
  /** Hidden on a phone, where `narrow` shows it under the row instead. */
  wide?: boolean;
}

interface Props<R> {
  columns: readonly PreviewColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** On a phone, the line under each row that stands for the wide columns. */
  narrow?: (row: R) => ReactNode;
  filter: {
    id: string;
    value: string;
    options: readonly { value: string; label: string }[];
    onChange: (value: string) => void;
  };
  pagination: { count: number; page: number; pageSize: number; onPageChange: (page: number) => void };
  /** Said between the filter and the table. */
  note?: ReactNode;
  loading?: boolean;
  /** The table and its pages in an outlined box of their own. */
  outlined?: boolean;
}

// The columns give plain style objects, never an array or a function.
const withWide = (wide: boolean | undefined, sx: CellSx): CellSx =>
  wide ? { ...WIDE, ...(sx as object) } : sx;

/** A file's rows as a preview shows them: a status filter, the rows of one page, and the pages. */
export function PreviewTable<R>({
  columns,
  rows,
  rowKey,
  narrow,
  filter,
  pagination,
  note,
  loading = false,
  outlined = false,
}: Props<R>) {
  const inNarrow = columns.filter((c) => !c.wide).length;
  const table = (
    <>
      <ScrollBox label={t`Rows of the file, scrollable`}>
        <Table size="small" aria-label={t`Rows of the file`}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} sx={withWide(c.wide, c.headSx)}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <Fragment key={rowKey(row)}>
                <TableRow sx={narrow ? { '& > td': { borderBottom: { xs: 0, sm: undefined } } } : undefined}>
                  {columns.map((c) => (
                    <TableCell key={c.header} sx={withWide(c.wide, c.cellSx)}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
                {narrow && (
                  <TableRow sx={NARROW}>
                    <TableCell colSpan={inNarrow} sx={{ pt: 0, overflowWrap: 'anywhere' }}>
                      {narrow(row)}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t`No rows to show.`}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ScrollBox>
      <TablePagination
        component="div"
        count={pagination.count}
        page={pagination.page}
        rowsPerPage={pagination.pageSize}
        rowsPerPageOptions={[pagination.pageSize]}
        onPageChange={(_e, p) => pagination.onPageChange(p)}
        disabled={loading}
      />
    </>
  );
  return (
    <>
      <TextField
        select
        size="small"
        id={filter.id}
        label={t`Show rows`}
        value={filter.value}
        disabled={loading}
        onChange={(event) => filter.onChange(event.target.value)}
        slotProps={{ select: { native: true } }}
        sx={{ my: 2, minWidth: 200 }}
      >
        {filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </TextField>
      {note}
      {outlined ? <Paper variant="outlined">{table}</Paper> : table}
    </>
  );
}
