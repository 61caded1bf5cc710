import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  IMPORT_COLUMNS,
  type ImportCounts,
  type ImportPreview,
  type ImportRow,
  type ImportRowFilter,
} from '@sp/domain';
import { Fragment } from 'react';
import { COUNT_OF, STATUS_COLORS, STATUS_LABELS } from './import-counts';
import { ScrollBox } from '../../components/scroll-box';

/** On a phone the reasons and the name take a line of their own under the row, wrapped to the screen. */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW = { display: { xs: 'table-row', sm: 'none' } } as const;

const FILTERS: ImportRowFilter[] = ['all', 'error', 'new', 'changed', 'unchanged'];
const rowsOf = (counts: ImportCounts, filter: ImportRowFilter) =>
  filter === 'all'
    ? counts.added + counts.changed + counts.unchanged + counts.errors
    : counts[COUNT_OF[filter]];
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

interface Props {
  /** The page on screen: the server chose errors first when there are any. */
  preview: ImportPreview;
  loading?: boolean;
  onShow: (status: ImportRowFilter, page: number) => void;
}

/**
 * The preview, row by row, a page at a time from the server. Status and reason come before the name; on a
 * phone the reason has a line of its own, so it is read without scrolling sideways.
 */
export function ImportPreviewTable({ preview, loading = false, onShow }: Props) {
  const { rows: pageRows, status: filter, counts } = preview;
  return (
    <>
      <TextField
        select
        size="small"
        id="import-row-filter"
        label="Show rows"
        value={filter}
        disabled={loading}
        onChange={(event) => onShow(event.target.value as ImportRowFilter, 0)}
        slotProps={{ select: { native: true } }}
        sx={{ my: 2, minWidth: 200 }}
      >
        {FILTERS.map((f) => (
          <option key={f} value={f}>
            {f === 'all' ? 'All rows' : STATUS_LABELS[f]} ({rowsOf(counts, f).toLocaleString('en-US')})
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
                <TableCell sx={{ ...WIDE, minWidth: 220 }}>Details</TableCell>
                <TableCell sx={WIDE}>Name</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => (
                <Fragment key={row.line}>
                  <TableRow sx={{ '& > td': { borderBottom: { xs: 0, sm: undefined } } }}>
                    <TableCell>{row.line}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.id}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLORS[row.status]}
                        label={STATUS_LABELS[row.status]}
                      />
                    </TableCell>
                    <TableCell sx={{ ...WIDE, overflowWrap: 'anywhere' }}>
                      <Details row={row} />
                    </TableCell>
                    <TableCell sx={{ ...WIDE, whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                  </TableRow>
                  <TableRow sx={NARROW}>
                    <TableCell colSpan={3} sx={{ pt: 0, overflowWrap: 'anywhere' }}>
                      {row.name && <div>{row.name}</div>}
                      <Details row={row} />
                    </TableCell>
                  </TableRow>
                </Fragment>
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
          count={preview.total}
          page={preview.page}
          rowsPerPage={preview.page_size}
          rowsPerPageOptions={[preview.page_size]}
          onPageChange={(_e, p) => onShow(filter, p)}
          disabled={loading}
        />
      </Paper>
    </>
  );
}
