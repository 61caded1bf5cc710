import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { csvFile, csvText, type CsvCell, type PendingStudent } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatCount } from '../../components/format-count';
import { useYearParam } from '../school-years';
import { pendingStudentsQuery, usePendingCount } from './api/get-completion';
import type { PendingFilter } from './api/query-keys';
import { itemLabel } from './completion-items';

interface Props {
  filter: PendingFilter;
  onClear: () => void;
}

/** The list for the form teacher: ID, last name, first name, class, what is missing. */
export function pendingRows(filter: PendingFilter, students: PendingStudent[]): CsvCell[][] {
  const missing = itemLabel(filter.item);
  return [
    ['ID', 'Last Name', 'First Name', 'Class', 'Not done'],
    ...students.map((s) => [s.id, s.last_name, s.first_name, s.class_id ?? '', missing]),
  ];
}

/**
 * Above the table while it shows only who has not done something: what, for whom, how many, and the list to
 * share. The list itself is fetched only to copy or download it: a ministry's school list can be long.
 */
export function PendingFilterBar({ filter, onClear }: Props) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const count = usePendingCount(filter);
  const year = useYearParam();
  const where =
    filter.classId === null ? '' : filter.classId === '' ? ' with no class' : ` in ${filter.classId}`;
  const what = `${itemLabel(filter.item)} not done${where}`;
  // The list as the table may already hold it (a school small enough to be filtered in the browser).
  const rowsOf = async () =>
    pendingRows(filter, await queryClient.ensureQueryData(pendingStudentsQuery(filter, year)));
  // A file opens in Excel (D45); a copy is tab-separated, which a spreadsheet pastes into columns.
  const csvOf = async () => csvFile(await rowsOf());
  const tsvOf = async () => csvText(await rowsOf(), '\t');
  const failedWith = (problem: string) => (error: unknown) => setFailed(`${problem} ${errorMessage(error)}`);
  const download = () => {
    setFailed(null);
    csvOf()
      .then((csv) => {
        const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `${what}.csv`;
        a.click();
        URL.revokeObjectURL(url);
      })
      .catch(failedWith('The list could not be loaded.'));
  };
  const copy = () => {
    setFailed(null);
    setCopied(false);
    // The clipboard is there only on a secure page (HTTPS, or this computer).
    if (!('clipboard' in navigator)) {
      setFailed('Copying needs the portal over HTTPS: use Download CSV.');
      return;
    }
    // Handed to the clipboard at the click, with the list still on its way: Safari refuses a copy that
    // starts after a request, once the click is no longer fresh.
    const copying =
      typeof ClipboardItem === 'function' && 'write' in navigator.clipboard
        ? navigator.clipboard.write([
            new ClipboardItem({
              'text/plain': tsvOf().then((tsv) => new Blob([tsv], { type: 'text/plain' })),
            }),
          ])
        : tsvOf().then((tsv) => navigator.clipboard.writeText(tsv));
    copying.then(() => setCopied(true)).catch(failedWith('The list could not be copied.'));
  };
  const n = count.data;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      action={
        <Button color="inherit" size="small" onClick={onClear} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          Show all
        </Button>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <span role="status">
          {what}:{' '}
          {n === undefined
            ? count.isError
              ? 'not counted'
              : 'counting…'
            : `${formatCount(n)} student${n === 1 ? '' : 's'}`}
          {failed && ` ${failed}`}
        </span>
        <Button size="small" disabled={n === 0} onClick={copy}>
          {copied ? 'Copied' : 'Copy list'}
        </Button>
        <Button size="small" disabled={n === 0} onClick={download}>
          Download CSV
        </Button>
      </Box>
    </Alert>
  );
}
