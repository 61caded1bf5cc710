import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { DataTableHead, sortRows, type DataColumn, type SortState } from './data-table-head';

export type { DataColumn, SortState } from './data-table-head';
import { DataTableRows, StatusRow } from './data-table-rows';
import { quickFilter } from './quick-filter';
import { t } from '@lingui/core/macro';

interface Props<Row> {
  /** Names the table for assistive technology, e.g. "Students". */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  searchLabel: string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  footer: ReactNode;
  height?: string;
  emptyText?: string;
  /** Controls beside the search box (filters, an Add button). */
  toolbar?: ReactNode;
  /**
   * A list too big to hold whole: the server searches and sorts it. The table reports the search text and
   * the sort (on the columns in `sortKeys`, ascending) and shows `rows` as they are; `more` fetches more.
   */
  server?: {
    sortKeys: ReadonlySet<string>;
    onQuery: (query: string, sort: SortState | null) => void;
    more?: ReactNode;
  };
}

/** The text once it has stopped changing for `ms`, so typing a word asks the server once. */
function useSettled(value: string, ms: number, active: boolean): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, active]);
  return settled;
}

/**
 * A searchable table with a fixed header that scrolls every row (the community DataGrid pages at 100 rows).
 * Columns sort on a header click; without one the rows keep the order they came in.
 */
export function DataTable<Row>(props: Props<Row>) {
  const { label, columns, rows, rowKey, searchLabel, loading, error, onRetry, footer, server } = props;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const deferred = useDeferredValue(search);
  const settled = useSettled(search.trim(), 300, Boolean(server));
  const query = server ? settled : deferred;
  const scrollRef = useRef<HTMLDivElement>(null);
  const onQuery = server?.onQuery;
  useEffect(() => onQuery?.(query, sort), [onQuery, query, sort]);

  const haystacks = useMemo(
    () =>
      (server ? [] : (rows ?? [])).map((row) =>
        columns
          .filter((column) => !column.render)
          .map((column) => column.value(row))
          .join('\u0000')
          .toLowerCase(),
      ),
    [rows, columns, server],
  );
  const shown = useMemo(
    () => (server ? (rows ?? []) : sortRows(quickFilter(rows ?? [], haystacks, query), columns, sort)),
    [rows, haystacks, query, columns, sort, server],
  );

  let status: ReactNode = null;
  const what = label.toLowerCase();
  if (loading) status = t`Loading ${what}…`;
  else if (rows && shown.length === 0) status = query ? t`No ${what} match "${query}".` : props.emptyText;

  return (
    <Paper sx={{ width: '100%', overflow: 'hidden' }}>
      <Box sx={{ p: 2, pb: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          id={`${label.toLowerCase().replace(/\s+/g, '-')}-search`}
          label={searchLabel}
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: '100%', maxWidth: 360 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        {props.toolbar}
      </Box>
      {Boolean(error) && !loading && (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t`Retry`}
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      )}
      <TableContainer
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`${label} table`}
        sx={{ height: props.height ?? '60vh' }}
      >
        <Table
          stickyHeader
          size="small"
          aria-label={label}
          // Narrow screens scroll the table sideways rather than squeeze a column without a set width.
          sx={{
            minWidth: columns.reduce((sum, column) => sum + (column.width ?? 200), 0),
            tableLayout: 'fixed',
          }}
        >
          <DataTableHead columns={columns} sort={sort} onSort={setSort} serverSortKeys={server?.sortKeys} />
          <TableBody>
            {status ? (
              <StatusRow colSpan={columns.length} busy={loading}>
                {status}
              </StatusRow>
            ) : (
              <DataTableRows rows={shown} columns={columns} rowKey={rowKey} scrollRef={scrollRef} />
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        sx={{
          px: 2,
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="body2" component="p" aria-live="polite">
          {footer}
        </Typography>
        {query && rows && !server && (
          <Typography variant="body2" component="p" color="text.secondary">
            Showing {shown.length}
          </Typography>
        )}
        {server?.more}
      </Box>
    </Paper>
  );
}
