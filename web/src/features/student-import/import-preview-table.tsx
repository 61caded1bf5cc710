import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { IMPORT_COLUMNS, type ImportRow, type ImportRowStatus } from '@sp/domain';
import { useMemo, useState } from 'react';
import { STATUS_COLORS, STATUS_LABELS } from './import-counts';
import { ScrollBox } from './scroll-box';

const PAGE_SIZE = 50;
type Filter = ImportRowStatus | 'all';
const FILTERS: Filter[] = ['all', 'error', 'new', 'changed', 'unchanged'];
const LABELS = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.name, c.label]));

const shown = (value: string | null) => value ?? '(blank)';

function Details({ row }: { row: ImportRow }) {
  if (row.errors.length) {
    return row.errors.map((e) => (
      <div key={`${e.field}${e.message}`}>
        {LABELS.get(e.field) ? `${LABELS.get(e.field)}: ` : ''}
        {e.message}
      </div>
    ));
  }
  return row.changes.map((c) => (
    <div key={c.field}>
      {c.label}: {shown(c.from)} → {shown(c.to)}
    </div>
  ));
}

/**
 * The preview, row by row: errors first when there are any, a page at a time. Status and reason come before
 * the name, so a phone shows them without scrolling sideways.
 */
export function ImportPreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const hasErrors = rows.some((r) => r.status === 'error');
  const [filter, setFilter] = useState<Filter>(hasErrors ? 'error' : 'all');
  const [page, setPage] = useState(0);
  const visible = useMemo(
    () => (filter === 'all' ? rows : rows.filter((r) => r.status === filter)),
    [rows, filter],
  );
  const pageRows = visible.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <>
      <TextField
        select
        size="small"
        id="import-row-filter"
        label="Show rows"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value as Filter);
          setPage(0);
        }}
        slotProps={{ select: { native: true } }}
        sx={{ my: 2, minWidth: 200 }}
      >
        {FILTERS.map((f) => (
          <option key={f} value={f}>
            {f === 'all' ? `All rows (${rows.length})` : STATUS_LABELS[f]}
          </option>
        ))}
      </TextField>
      <Paper variant="outlined">
        <ScrollBox label="Rows of the file, scrollable">
          <Table size="small" aria-label="Rows of the file">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>ID</TableCell>
                <TableCell>Status</TableCell>
                <TableCell sx={{ minWidth: { xs: 180, sm: 220 } }}>Details</TableCell>
                <TableCell>Name</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.id}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLORS[row.status]} label={STATUS_LABELS[row.status]} />
                  </TableCell>
                  <TableCell>
                    <Details row={row} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                </TableRow>
              ))}
              {pageRows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No rows to show.</TableCell>
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
      </Paper>
    </>
  );
}
