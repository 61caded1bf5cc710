import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { IMPORT_COLUMNS, type ImportRow, type ImportRowStatus } from '@sp/domain';
import { useMemo, useState } from 'react';
import { STATUS_COLORS, STATUS_LABELS } from './import-counts';

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

/** The preview, row by row: errors first when there are any, a page at a time. */
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
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        aria-label="Show rows"
        onChange={(_e, value: Filter | null) => {
          if (value) {
            setFilter(value);
            setPage(0);
          }
        }}
        sx={{ my: 2, flexWrap: 'wrap' }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f} value={f}>
            {f === 'all' ? 'All rows' : STATUS_LABELS[f]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Paper variant="outlined">
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Rows of the file">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>ID</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Status</TableCell>
                <TableCell sx={{ minWidth: 240 }}>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.id}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLORS[row.status]} label={STATUS_LABELS[row.status]} />
                  </TableCell>
                  <TableCell>
                    <Details row={row} />
                  </TableCell>
                </TableRow>
              ))}
              {pageRows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No rows to show.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
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
